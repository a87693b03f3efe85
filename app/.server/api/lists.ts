// The user's favorites and collections: ids, pages of releases, changes and the filter lists.
import { z } from "zod/v4";
import type {
  AccountListQuery,
  AccountListReferences,
  CollectionEntry,
  CollectionQuery,
  CollectionType,
  FavoriteSortingValue,
  FavoritesQuery,
} from "~/domain/account";
import type { ReferenceOption } from "~/domain/catalog";
import type { Page } from "~/domain/pagination";
import type { AgeRatingValue, Release, ReleaseTypeValue } from "~/domain/release";
import type { ApiContext } from "./context";
import { GenreOptionsSchema, ReferenceOptionsSchema, YearsSchema } from "./references";
import { ReleaseSchema, toRelease } from "./release-schema";
import { requestJson, requestJsonOncePerRequest } from "./request";
import { listSchema, mapPage, numericId, pageSchema } from "./schemas";

const FavoriteIdsSchema = listSchema(numericId);

/** `[[release_id, "WATCHING"], …]` (objects accepted too). */
const CollectionIdsSchema = listSchema(
  z.union([
    z
      .tuple([numericId, z.string()])
      .rest(z.unknown())
      .transform(([releaseId, type]) => ({ releaseId, type })),
    z
      .object({ release_id: numericId, type_of_collection: z.string() })
      .passthrough()
      .transform((entry) => ({ releaseId: entry.release_id, type: entry.type_of_collection })),
  ]),
);

const AccountReleasesPageSchema = pageSchema(ReleaseSchema);

/** The list pages show cards, which take no episodes: with them, one favorite of 1,150 episodes weighs about 1 MB. */
const WITHOUT_EPISODES = "episodes";

function listFilterParams(query: AccountListQuery) {
  return {
    page: query.page,
    limit: query.limit,
    "f[types]": query.types,
    "f[years]": query.years,
    "f[genres]": query.genres,
    "f[search]": query.search?.trim(),
    "f[age_ratings]": query.ageRatings,
  };
}

export async function getFavoriteIds(context: ApiContext): Promise<number[]> {
  return requestJsonOncePerRequest(context, { path: "/accounts/users/me/favorites/ids" }, FavoriteIdsSchema);
}

export async function getFavoriteReleases(context: ApiContext, query: FavoritesQuery): Promise<Page<Release>> {
  const page = await requestJson(
    context,
    {
      path: "/accounts/users/me/favorites/releases",
      query: { ...listFilterParams(query), "f[sorting]": query.sorting, exclude: WITHOUT_EPISODES },
    },
    AccountReleasesPageSchema,
  );
  return mapPage(page, (release) => toRelease(release, context.mediaOrigin));
}

/** Answers the whole id list afterwards. */
export function addFavorites(context: ApiContext, releaseIds: number[]): Promise<number[]> {
  const body = releaseIds.map((releaseId) => ({ release_id: releaseId }));
  return requestJson(context, { method: "POST", path: "/accounts/users/me/favorites", body }, FavoriteIdsSchema);
}

export function removeFavorites(context: ApiContext, releaseIds: number[]): Promise<number[]> {
  const body = releaseIds.map((releaseId) => ({ release_id: releaseId }));
  return requestJson(context, { method: "DELETE", path: "/accounts/users/me/favorites", body }, FavoriteIdsSchema);
}

export async function getCollectionIds(context: ApiContext): Promise<CollectionEntry[]> {
  return requestJsonOncePerRequest(context, { path: "/accounts/users/me/collections/ids" }, CollectionIdsSchema);
}

export async function getCollectionReleases(context: ApiContext, query: CollectionQuery): Promise<Page<Release>> {
  const page = await requestJson(
    context,
    {
      path: "/accounts/users/me/collections/releases",
      query: { ...listFilterParams(query), type_of_collection: query.collection, exclude: WITHOUT_EPISODES },
    },
    AccountReleasesPageSchema,
  );
  return mapPage(page, (release) => toRelease(release, context.mediaOrigin));
}

/** Adds or moves releases; answers every collection entry afterwards. */
export function addToCollection(context: ApiContext, entries: { releaseId: number; type: CollectionType }[]): Promise<CollectionEntry[]> {
  const body = entries.map((entry) => ({ release_id: entry.releaseId, type_of_collection: entry.type }));
  return requestJson(context, { method: "POST", path: "/accounts/users/me/collections", body }, CollectionIdsSchema);
}

export function removeFromCollection(context: ApiContext, releaseIds: number[]): Promise<CollectionEntry[]> {
  const body = releaseIds.map((releaseId) => ({ release_id: releaseId }));
  return requestJson(context, { method: "DELETE", path: "/accounts/users/me/collections", body }, CollectionIdsSchema);
}

/** The filter lists of the favorites or collections page, built from the user's own releases (not cached). */
export async function getAccountListReferences(context: ApiContext, list: "favorites" | "collections"): Promise<AccountListReferences> {
  const base = `/accounts/users/me/${list}/references`;
  const [genres, types, years, ageRatings, sorting] = await Promise.all([
    requestJson(context, { path: `${base}/genres` }, GenreOptionsSchema),
    requestJson(context, { path: `${base}/types` }, ReferenceOptionsSchema),
    requestJson(context, { path: `${base}/years` }, YearsSchema),
    requestJson(context, { path: `${base}/age-ratings` }, ReferenceOptionsSchema),
    list === "favorites" ? requestJson(context, { path: `${base}/sorting` }, ReferenceOptionsSchema) : Promise.resolve([]),
  ]);
  return {
    genres,
    types: types as ReferenceOption<ReleaseTypeValue>[],
    years,
    ageRatings: ageRatings as ReferenceOption<AgeRatingValue>[],
    sorting: sorting as ReferenceOption<FavoriteSortingValue>[],
  };
}
