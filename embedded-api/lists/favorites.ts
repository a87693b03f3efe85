// The signed-in user's favorites: ids, add/remove (answering the full id list), filtered releases.
import { z } from "zod";
import type { Route } from "../http/router";
import type { RequestContext } from "../http/context";
import { pageRequest, paginationFields } from "../http/pagination";
import { parseInput } from "../http/validation";
import { FavoriteFilterSchema } from "../resources/release-filters";
import { releasePage } from "../resources/release-pages";
import { storeOf } from "../resources/store-registry";
import { favoriteSortings, sortingLabels } from "../resources/labels";
import { ReleaseIdListSchema, assertReleasesExist } from "./release-ids-input";
import { userReferenceRoutes } from "./user-references";
import { additionTimes } from "./added-at";
import { prepareCached } from "../db/statement-cache";

const FavoriteReleasesSchema = z.object({ ...paginationFields, f: FavoriteFilterSchema.optional() });

function favoriteIds(context: RequestContext, userId: number): number[] {
  return prepareCached(context.db, "SELECT release_id FROM favorites WHERE user_id = ? ORDER BY created_at DESC, release_id DESC")
    .pluck()
    .all(userId) as number[];
}

function favoriteReleases(context: RequestContext, input: unknown) {
  const { user } = context.requireUser();
  const query = parseInput(FavoriteReleasesSchema, input === undefined ? {} : input);
  return releasePage(context.db, storeOf(context.db), context.url, {
    from: "favorites l JOIN releases r ON r.id = l.release_id AND l.user_id = ?",
    fromParams: [user.id],
    filter: query.f,
    sorting: query.f?.sorting,
    page: pageRequest(query),
    includes: { genres: true, episodes: true },
  });
}

export const favoriteRoutes: Route[] = [
  {
    method: "GET",
    path: "/accounts/users/me/favorites/ids",
    handler: (context) => favoriteIds(context, context.requireUser().user.id),
  },
  {
    method: "POST",
    path: "/accounts/users/me/favorites",
    handler: async (context) => {
      const { user } = context.requireUser();
      const items = parseInput(ReleaseIdListSchema, await context.json());
      assertReleasesExist(context, items);
      const insert = context.db.prepare("INSERT INTO favorites (user_id, release_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING");
      const count = context.db.prepare("UPDATE releases SET added_in_users_favorites = added_in_users_favorites + 1 WHERE id = ?");
      context.db.transaction(() => {
        const addedAt = additionTimes(context, "favorites", user.id, items.length);
        items.forEach((item, index) => {
          if (insert.run(user.id, item.release_id, addedAt[index]).changes > 0) {
            count.run(item.release_id);
          }
        });
      })();
      return favoriteIds(context, user.id);
    },
  },
  {
    method: "DELETE",
    path: "/accounts/users/me/favorites",
    handler: async (context) => {
      const { user } = context.requireUser();
      const items = parseInput(ReleaseIdListSchema, await context.json());
      const remove = context.db.prepare("DELETE FROM favorites WHERE user_id = ? AND release_id = ?");
      const count = context.db.prepare("UPDATE releases SET added_in_users_favorites = MAX(added_in_users_favorites - 1, 0) WHERE id = ?");
      context.db.transaction(() => {
        for (const item of items) if (remove.run(user.id, item.release_id).changes > 0) count.run(item.release_id);
      })();
      return favoriteIds(context, user.id);
    },
  },
  {
    method: "GET",
    path: "/accounts/users/me/favorites/releases",
    handler: (context) => favoriteReleases(context, context.query),
  },
  {
    method: "POST",
    path: "/accounts/users/me/favorites/releases",
    handler: async (context) => favoriteReleases(context, await context.json()),
  },
  ...userReferenceRoutes("favorites"),
  {
    method: "GET",
    path: "/accounts/users/me/favorites/references/sorting",
    handler: (context) => {
      context.requireUser();
      return favoriteSortings.map((value) => ({ value, ...sortingLabels[value] }));
    },
  },
];
