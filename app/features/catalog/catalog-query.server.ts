// The catalogue's URL ⇄ query: filters live in the address (shareable, works as a plain GET form).
// Lists accept repeated parameters (checkbox forms) and comma lists (shared links); unknown values are dropped.
import { z } from "zod";
import { integersIn, knownValues, listOf } from "~/components/filters/query-values";
import { readPageNumber } from "~/shared/paging/page-number.server";
import { CATALOG_SORTINGS, MAX_PAGE_LIMIT, PRODUCTION_STATUSES, PUBLISH_STATUSES, type CatalogQuery } from "~/domain/catalog";
import { AGE_RATINGS, RELEASE_TYPES, SEASONS } from "~/domain/release";
import type { CatalogFilters } from "./catalog-filters";

export const CATALOG_PAGE_SIZE = 24;
const MAX_SEARCH_LENGTH = 100;

const YearSchema = z.coerce.number().int().min(1900).max(2100);

function optional<T>(schema: z.ZodType<T>, raw: string | null): T | undefined {
  if (raw === null || raw.trim() === "") return undefined;
  const parsed = schema.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}

export function parseCatalogFilters(params: URLSearchParams): CatalogFilters {
  let yearFrom = optional(YearSchema, params.get("yearFrom"));
  let yearTo = optional(YearSchema, params.get("yearTo"));
  if (yearFrom !== undefined && yearTo !== undefined && yearFrom > yearTo) [yearFrom, yearTo] = [yearTo, yearFrom];
  const search = params.get("search")?.trim().slice(0, MAX_SEARCH_LENGTH) || undefined;
  const genres = integersIn(listOf(params, "genres"), 1, 999_999);
  return {
    types: knownValues(RELEASE_TYPES, listOf(params, "types")),
    genres,
    seasons: knownValues(SEASONS, listOf(params, "seasons")),
    ageRatings: knownValues(AGE_RATINGS, listOf(params, "ageRatings")),
    publishStatuses: knownValues(PUBLISH_STATUSES, listOf(params, "publishStatuses")),
    productionStatuses: knownValues(PRODUCTION_STATUSES, listOf(params, "productionStatuses")),
    yearFrom,
    yearTo,
    search,
    sorting: knownValues(CATALOG_SORTINGS, listOf(params, "sorting"))[0],
    page: readPageNumber(params),
  };
}

export function toCatalogQuery(filters: CatalogFilters, limit = CATALOG_PAGE_SIZE): CatalogQuery {
  return {
    page: filters.page,
    limit: Math.min(limit, MAX_PAGE_LIMIT),
    types: filters.types,
    genres: filters.genres,
    seasons: filters.seasons,
    ageRatings: filters.ageRatings,
    publishStatuses: filters.publishStatuses,
    productionStatuses: filters.productionStatuses,
    years: filters.yearFrom !== undefined || filters.yearTo !== undefined ? { from: filters.yearFrom, to: filters.yearTo } : undefined,
    search: filters.search,
    sorting: filters.sorting,
  };
}

export function countActiveFilters(filters: CatalogFilters): number {
  const lists = [filters.types, filters.genres, filters.seasons, filters.ageRatings, filters.publishStatuses, filters.productionStatuses];
  return lists.filter((list) => list.length > 0).length + (filters.yearFrom || filters.yearTo ? 1 : 0) + (filters.search ? 1 : 0);
}
