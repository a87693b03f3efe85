// The signed-in user's collections: one collection type per release; POST adds or moves, DELETE removes.
import { z } from "zod";
import type { Route } from "../http/router";
import type { RequestContext } from "../http/context";
import { pageRequest, paginationFields } from "../http/pagination";
import { parseInput } from "../http/validation";
import { UserListFilterSchema } from "../resources/release-filters";
import { releasePage } from "../resources/release-pages";
import { storeOf } from "../resources/store-registry";
import { collectionTypes, type CollectionType } from "../resources/labels";
import { MAX_BATCH, ReleaseIdListSchema, assertReleasesExist, releaseIdField } from "./release-ids-input";
import { userReferenceRoutes } from "./user-references";
import { additionTimes } from "./added-at";
import { prepareCached } from "../db/statement-cache";

const collectionTypeField = z.enum(collectionTypes);
const CollectionReleasesSchema = z.object({
  ...paginationFields,
  type_of_collection: collectionTypeField,
  f: UserListFilterSchema.optional(),
});
const CollectionItemsSchema = z.array(z.object({ release_id: releaseIdField, type_of_collection: collectionTypeField })).max(MAX_BATCH);

const counterColumn = (type: CollectionType): string => `added_in_${type.toLowerCase()}_collection`;

function collectionIds(context: RequestContext, userId: number): [number, CollectionType][] {
  const rows = prepareCached(
    context.db,
    "SELECT release_id, type FROM collections WHERE user_id = ? ORDER BY created_at DESC, release_id DESC",
  ).all(userId) as { release_id: number; type: CollectionType }[];
  return rows.map((row) => [row.release_id, row.type]);
}

function changeCounter(context: RequestContext, type: CollectionType, releaseId: number, delta: 1 | -1): void {
  const column = counterColumn(type);
  context.db.prepare(`UPDATE releases SET ${column} = MAX(${column} + ?, 0) WHERE id = ?`).run(delta, releaseId);
}

function collectionReleases(context: RequestContext, input: unknown) {
  const { user } = context.requireUser();
  const query = parseInput(CollectionReleasesSchema, input === undefined ? {} : input);
  return releasePage(context.db, storeOf(context.db), context.url, {
    from: "collections l JOIN releases r ON r.id = l.release_id AND l.user_id = ? AND l.type = ?",
    fromParams: [user.id, query.type_of_collection],
    filter: query.f,
    orderBy: "l.created_at DESC, r.id DESC",
    page: pageRequest(query),
    includes: { genres: true, episodes: true },
  });
}

export const collectionRoutes: Route[] = [
  {
    method: "GET",
    path: "/accounts/users/me/collections/ids",
    handler: (context) => collectionIds(context, context.requireUser().user.id),
  },
  {
    method: "POST",
    path: "/accounts/users/me/collections",
    handler: async (context) => {
      const { user } = context.requireUser();
      const items = parseInput(CollectionItemsSchema, await context.json());
      assertReleasesExist(context, items);
      const current = context.db.prepare("SELECT type FROM collections WHERE user_id = ? AND release_id = ?").pluck();
      const upsert = context.db.prepare(
        `INSERT INTO collections (user_id, release_id, type, created_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (user_id, release_id) DO UPDATE SET type = excluded.type, created_at = excluded.created_at`,
      );
      context.db.transaction(() => {
        const addedAt = additionTimes(context, "collections", user.id, items.length);
        items.forEach((item, index) => {
          const previous = current.get(user.id, item.release_id) as CollectionType | undefined;
          if (previous === item.type_of_collection) return;
          upsert.run(user.id, item.release_id, item.type_of_collection, addedAt[index]);
          if (previous) changeCounter(context, previous, item.release_id, -1);
          changeCounter(context, item.type_of_collection, item.release_id, 1);
        });
      })();
      return collectionIds(context, user.id);
    },
  },
  {
    method: "DELETE",
    path: "/accounts/users/me/collections",
    handler: async (context) => {
      const { user } = context.requireUser();
      const items = parseInput(ReleaseIdListSchema, await context.json());
      const current = context.db.prepare("SELECT type FROM collections WHERE user_id = ? AND release_id = ?").pluck();
      const remove = context.db.prepare("DELETE FROM collections WHERE user_id = ? AND release_id = ?");
      context.db.transaction(() => {
        for (const item of items) {
          const previous = current.get(user.id, item.release_id) as CollectionType | undefined;
          if (!previous) continue;
          remove.run(user.id, item.release_id);
          changeCounter(context, previous, item.release_id, -1);
        }
      })();
      return collectionIds(context, user.id);
    },
  },
  {
    method: "GET",
    path: "/accounts/users/me/collections/releases",
    handler: (context) => collectionReleases(context, context.query),
  },
  {
    method: "POST",
    path: "/accounts/users/me/collections/releases",
    handler: async (context) => collectionReleases(context, await context.json()),
  },
  ...userReferenceRoutes("collections"),
];
