// The favorites and collections pages' URL ⇄ API query. Lists accept repeated parameters (checkbox forms)
// and comma lists (shared links); unknown values are dropped, so any address renders a page, never a 500.
import { integersIn, knownValues, listOf } from "~/components/filters/query-values";
import { readPageNumber } from "~/features/paging/page-number.server";
import {
  FAVORITE_SORTINGS,
  FAVORITES_PAGE_SIZE,
  type AccountListReferences,
  type CollectionQuery,
  type CollectionType,
  type FavoritesQuery,
} from "~/domain/account";
import { AGE_RATINGS, RELEASE_TYPES } from "~/domain/release";
import type { AccountListFilters } from "./list-filters";

const MAX_SEARCH_LENGTH = 100;

export function parseAccountListFilters(params: URLSearchParams, { withSorting }: { withSorting: boolean }): AccountListFilters {
  return {
    types: knownValues(RELEASE_TYPES, listOf(params, "types")),
    years: integersIn(listOf(params, "years"), 1900, 2100),
    genres: integersIn(listOf(params, "genres"), 1, 999_999),
    ageRatings: knownValues(AGE_RATINGS, listOf(params, "ageRatings")),
    search: params.get("search")?.trim().slice(0, MAX_SEARCH_LENGTH) || undefined,
    sorting: withSorting ? knownValues(FAVORITE_SORTINGS, listOf(params, "sorting"))[0] : undefined,
    page: readPageNumber(params),
    view: params.get("view") === "list" ? "list" : "posters",
  };
}

function baseQuery(filters: AccountListFilters, limit: number) {
  return {
    page: filters.page,
    limit,
    types: filters.types,
    years: filters.years,
    genres: filters.genres,
    search: filters.search,
    ageRatings: filters.ageRatings,
  };
}

export function toFavoritesQuery(filters: AccountListFilters, limit = FAVORITES_PAGE_SIZE): FavoritesQuery {
  return { ...baseQuery(filters, limit), sorting: filters.sorting };
}

export function toCollectionQuery(filters: AccountListFilters, collection: CollectionType, limit = FAVORITES_PAGE_SIZE): CollectionQuery {
  return { ...baseQuery(filters, limit), collection };
}

export function countActiveListFilters(filters: AccountListFilters): number {
  return (
    [filters.types, filters.years, filters.genres, filters.ageRatings].filter((list) => list.length > 0).length + (filters.search ? 1 : 0)
  );
}

const NOTHING_TO_FILTER: AccountListReferences = { genres: [], types: [], years: [], ageRatings: [], sorting: [] };

/**
 * The filter options a list offers. The upstream's references cover all of the user's collections at once (they
 * take no collection type), so an empty «Запланировано» offered the types, years and genres of «Смотрю»: a list
 * with nothing in it and no filter set offers nothing. With a filter set they stay, so it can be changed back.
 */
export function listReferencesOffered(references: AccountListReferences, total: number, activeFilterCount: number): AccountListReferences {
  return total === 0 && activeFilterCount === 0 ? NOTHING_TO_FILTER : references;
}
