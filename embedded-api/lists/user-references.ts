// Reference lists of a user's favorites or collections: the genres, types, years and age ratings in them.
import type { Route } from "../http/router";
import type { RequestContext } from "../http/context";
import { ageRatingReferences, typeReferences } from "../resources/catalog";
import { storeOf } from "../resources/store-registry";
import { byGenreName } from "../resources/release-store";
import { AGE_RATINGS, RELEASE_TYPES } from "../db/rows";

export type UserListTable = "favorites" | "collections";

function listedReleases(table: UserListTable): string {
  return `SELECT release_id FROM ${table} WHERE user_id = ?`;
}

function distinctColumn(context: RequestContext, table: UserListTable, column: "type" | "year" | "age_rating") {
  const { user } = context.requireUser();
  return context.db
    .prepare(`SELECT DISTINCT ${column} FROM releases WHERE id IN (${listedReleases(table)})`)
    .pluck()
    .all(user.id) as (string | number)[];
}

export function userReferenceRoutes(table: UserListTable): Route[] {
  const base = `/accounts/users/me/${table}/references`;
  return [
    {
      method: "GET",
      path: `${base}/genres`,
      handler: (context) => {
        const { user } = context.requireUser();
        const store = storeOf(context.db);
        const rows = context.db
          .prepare(
            `SELECT DISTINCT g.id, g.name, g.image_index FROM genres g JOIN release_genres rg ON rg.genre_id = g.id
             WHERE rg.release_id IN (${listedReleases(table)})`,
          )
          .all(user.id) as { id: number; name: string; image_index: number }[];
        return byGenreName(rows).map((row) => store.presentGenre(row));
      },
    },
    {
      method: "GET",
      path: `${base}/types`,
      handler: (context) => {
        const present = new Set(distinctColumn(context, table, "type"));
        return typeReferences(RELEASE_TYPES.filter((type) => present.has(type)));
      },
    },
    {
      method: "GET",
      path: `${base}/years`,
      handler: (context) => (distinctColumn(context, table, "year") as number[]).sort((a, b) => a - b),
    },
    {
      method: "GET",
      path: `${base}/age-ratings`,
      handler: (context) => {
        const present = new Set(distinctColumn(context, table, "age_rating"));
        return ageRatingReferences(AGE_RATINGS.filter((rating) => present.has(rating)));
      },
    },
  ];
}
