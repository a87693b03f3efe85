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
import type { AgeRatingValue, Release, ReleaseTypeValue, SeasonValue } from "~/domain/release";
import { toApiContext, type ApiCaller } from "./context";
import { cachedReference, GenreOptionsSchema, ReferenceOptionsSchema, YearsSchema } from "./references";
import { ReleaseSchema, toRelease } from "./release-schema";
import { requestJson } from "./request";
import { mapPage, pageSchema } from "./schemas";

export const CatalogPageSchema = pageSchema(ReleaseSchema);

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

export async function getCatalogReleases(caller: ApiCaller, query: CatalogQuery): Promise<Page<Release>> {
  const context = toApiContext(caller);
  const page = await requestJson(context, { path: "/anime/catalog/releases", query: catalogQueryParams(query) }, CatalogPageSchema);
  return mapPage(page, (release) => toRelease(release, context.mediaOrigin));
}

const options = <Value extends string>(list: ReferenceOption[]) => list as ReferenceOption<Value>[];

export function getCatalogGenres(caller: ApiCaller): Promise<GenreOption[]> {
  return cachedReference(caller, "/anime/catalog/references/genres", GenreOptionsSchema, (list) => list);
}
export function getCatalogTypes(caller: ApiCaller): Promise<ReferenceOption<ReleaseTypeValue>[]> {
  return cachedReference(caller, "/anime/catalog/references/types", ReferenceOptionsSchema, options<ReleaseTypeValue>);
}
export function getCatalogSeasons(caller: ApiCaller): Promise<ReferenceOption<SeasonValue>[]> {
  return cachedReference(caller, "/anime/catalog/references/seasons", ReferenceOptionsSchema, options<SeasonValue>);
}
export function getCatalogYears(caller: ApiCaller): Promise<number[]> {
  return cachedReference(caller, "/anime/catalog/references/years", YearsSchema, (years) => years);
}
export function getCatalogSorting(caller: ApiCaller): Promise<ReferenceOption<CatalogSortingValue>[]> {
  return cachedReference(caller, "/anime/catalog/references/sorting", ReferenceOptionsSchema, options<CatalogSortingValue>);
}
export function getCatalogAgeRatings(caller: ApiCaller): Promise<ReferenceOption<AgeRatingValue>[]> {
  return cachedReference(caller, "/anime/catalog/references/age-ratings", ReferenceOptionsSchema, options<AgeRatingValue>);
}
export function getCatalogPublishStatuses(caller: ApiCaller): Promise<ReferenceOption<PublishStatusValue>[]> {
  return cachedReference(caller, "/anime/catalog/references/publish-statuses", ReferenceOptionsSchema, options<PublishStatusValue>);
}
export function getCatalogProductionStatuses(caller: ApiCaller): Promise<ReferenceOption<ProductionStatusValue>[]> {
  return cachedReference(caller, "/anime/catalog/references/production-statuses", ReferenceOptionsSchema, options<ProductionStatusValue>);
}

/** Every filter list of the catalogue page, in parallel (each cached). */
export async function getCatalogReferences(caller: ApiCaller): Promise<CatalogReferences> {
  const context = toApiContext(caller);
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
