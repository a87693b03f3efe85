// Catalogue: the filtered release list (GET and POST) and its reference lists.
import { z } from "zod";
import type { Route } from "../http/router";
import type { RequestContext } from "../http/context";
import { paginationFields, pageRequest } from "../http/pagination";
import { parseInput } from "../http/validation";
import { CatalogFilterSchema } from "./release-filters";
import { releasePage } from "./release-pages";
import { AGE_RATINGS, RELEASE_TYPES, SEASONS } from "../db/rows";
import {
  ageRatings,
  catalogSortings,
  productionStatuses,
  publishStatuses,
  releaseTypeDescriptions,
  seasonDescriptions,
  sortingLabels,
} from "./labels";
import { storeOf } from "./store-registry";
import { prepareCached } from "../db/statement-cache";

export const CatalogQuerySchema = z.object({ ...paginationFields, f: CatalogFilterSchema.optional() });

function catalogReleases(context: RequestContext, input: unknown) {
  const query = parseInput(CatalogQuerySchema, input === undefined ? {} : input);
  return releasePage(context.db, storeOf(context.db), context.url, {
    filter: query.f,
    sorting: query.f?.sorting,
    page: pageRequest(query),
    includes: { genres: true },
  });
}

export const ageRatingReferences = (values: readonly string[]) => values.map((value) => ({ value, ...ageRatings[value] }));
export const typeReferences = (values: readonly string[]) =>
  values.map((value) => ({ value, description: releaseTypeDescriptions[value] ?? value }));

export const catalogRoutes: Route[] = [
  { method: "GET", path: "/anime/catalog/releases", handler: (context) => catalogReleases(context, context.query) },
  {
    method: "POST",
    path: "/anime/catalog/releases",
    handler: async (context) => catalogReleases(context, await context.json()),
  },
  { method: "GET", path: "/anime/catalog/references/age-ratings", handler: () => ageRatingReferences(AGE_RATINGS) },
  {
    method: "GET",
    path: "/anime/catalog/references/genres",
    handler: (context) => {
      const store = storeOf(context.db);
      return store.genreRows().map((genre) => store.presentGenre(genre));
    },
  },
  {
    method: "GET",
    path: "/anime/catalog/references/production-statuses",
    handler: () => Object.entries(productionStatuses).map(([value, description]) => ({ value, description })),
  },
  {
    method: "GET",
    path: "/anime/catalog/references/publish-statuses",
    handler: () => Object.entries(publishStatuses).map(([value, description]) => ({ value, description })),
  },
  {
    method: "GET",
    path: "/anime/catalog/references/seasons",
    handler: () => SEASONS.map((value) => ({ value, description: seasonDescriptions[value] })),
  },
  {
    method: "GET",
    path: "/anime/catalog/references/sorting",
    handler: () => catalogSortings.map((value) => ({ value, ...sortingLabels[value] })),
  },
  { method: "GET", path: "/anime/catalog/references/types", handler: () => typeReferences(RELEASE_TYPES) },
  {
    method: "GET",
    path: "/anime/catalog/references/years",
    handler: (context) => prepareCached(context.db, "SELECT DISTINCT year FROM releases ORDER BY year").pluck().all(),
  },
];
