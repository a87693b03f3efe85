// The catalogue: filtered release pages and the filter references (genres, types, seasons, years, sorting…).
import type {
  CatalogQuery,
  CatalogReferences,
  CatalogSortingValue,
  GenreOption,
  ProductionStatusValue,
  PublishStatusValue,
  ReferenceOption,
} from "~/domain/catalog";
import type { Page } from "~/domain/pagination";
import type { ReleaseCardData } from "~/domain/release-card";
import type { AgeRatingValue, Release, ReleaseTypeValue, SeasonValue } from "~/domain/release";
import type { ApiContext } from "./context";
import { cachedReference, GenreOptionsSchema, ReferenceOptionsSchema, YearsSchema } from "./references";
import { ReleaseCardSchema, ReleaseSchema, toRelease, toReleaseCardData } from "./release-schema";
import { requestJson } from "./request";
import { mapPage, pageSchema } from "./schemas";

export const CatalogPageSchema = pageSchema(ReleaseSchema);
const CatalogCardPageSchema = pageSchema(ReleaseCardSchema);

export function catalogQueryParams(query: CatalogQuery) {
  return {
    page: query.page,
    limit: query.limit,
    "f[genres]": query.genres,
    "f[types]": query.types,
    "f[seasons]": query.seasons,
    "f[years][from_year]": query.years?.from,
    "f[years][to_year]": query.years?.to,
    "f[search]": query.search?.trim(),
    "f[sorting]": query.sorting,
    "f[age_ratings]": query.ageRatings,
    "f[publish_statuses]": query.publishStatuses,
    "f[production_statuses]": query.productionStatuses,
  };
}

export async function getCatalogReleases(context: ApiContext, query: CatalogQuery): Promise<Page<Release>> {
  const page = await requestJson(context, { path: "/anime/catalog/releases", query: catalogQueryParams(query) }, CatalogPageSchema);
  return mapPage(page, (release) => toRelease(release, context.mediaOrigin));
}

/** The same page as cards: what the catalogue page shows of each release. */
export async function getCatalogReleaseCards(context: ApiContext, query: CatalogQuery): Promise<Page<ReleaseCardData>> {
  const page = await requestJson(context, { path: "/anime/catalog/releases", query: catalogQueryParams(query) }, CatalogCardPageSchema);
  return mapPage(page, (release) => toReleaseCardData(release, context.mediaOrigin));
}

const options = <Value extends string>(list: ReferenceOption[]) => list as ReferenceOption<Value>[];

export function getCatalogGenres(context: ApiContext): Promise<GenreOption[]> {
  return cachedReference(context, "/anime/catalog/references/genres", GenreOptionsSchema, (list) => list);
}
export function getCatalogTypes(context: ApiContext): Promise<ReferenceOption<ReleaseTypeValue>[]> {
  return cachedReference(context, "/anime/catalog/references/types", ReferenceOptionsSchema, options<ReleaseTypeValue>);
}
export function getCatalogSeasons(context: ApiContext): Promise<ReferenceOption<SeasonValue>[]> {
  return cachedReference(context, "/anime/catalog/references/seasons", ReferenceOptionsSchema, options<SeasonValue>);
}
export function getCatalogYears(context: ApiContext): Promise<number[]> {
  return cachedReference(context, "/anime/catalog/references/years", YearsSchema, (years) => years);
}
export function getCatalogSorting(context: ApiContext): Promise<ReferenceOption<CatalogSortingValue>[]> {
  return cachedReference(context, "/anime/catalog/references/sorting", ReferenceOptionsSchema, options<CatalogSortingValue>);
}
export function getCatalogAgeRatings(context: ApiContext): Promise<ReferenceOption<AgeRatingValue>[]> {
  return cachedReference(context, "/anime/catalog/references/age-ratings", ReferenceOptionsSchema, options<AgeRatingValue>);
}
export function getCatalogPublishStatuses(context: ApiContext): Promise<ReferenceOption<PublishStatusValue>[]> {
  return cachedReference(context, "/anime/catalog/references/publish-statuses", ReferenceOptionsSchema, options<PublishStatusValue>);
}
export function getCatalogProductionStatuses(context: ApiContext): Promise<ReferenceOption<ProductionStatusValue>[]> {
  return cachedReference(context, "/anime/catalog/references/production-statuses", ReferenceOptionsSchema, options<ProductionStatusValue>);
}

/** Every filter list of the catalogue page, in parallel (each cached). */
export async function getCatalogReferences(context: ApiContext): Promise<CatalogReferences> {
  const [genres, types, seasons, years, sorting, ageRatings, publishStatuses, productionStatuses] = await Promise.all([
    getCatalogGenres(context),
    getCatalogTypes(context),
    getCatalogSeasons(context),
    getCatalogYears(context),
    getCatalogSorting(context),
    getCatalogAgeRatings(context),
    getCatalogPublishStatuses(context),
    getCatalogProductionStatuses(context),
  ]);
  return { genres, types, seasons, years, sorting, ageRatings, publishStatuses, productionStatuses };
}
