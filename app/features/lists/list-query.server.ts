// The favorites and collections pages' URL ⇄ API query. Lists accept repeated parameters (checkbox forms)
// and comma lists (shared links); unknown values are dropped, so any address renders a page, never a 500.
import { integersIn, knownValues, listOf } from "~/components/filters/query-values";
import { readPageNumber } from "~/shared/paging/page-number.server";
import {
  FAVORITE_SORTINGS,
  FAVORITES_PAGE_SIZE,
  type AccountListReferences,
  type CollectionQuery,
  type CollectionType,
  type FavoritesQuery,
} from "~/domain/account";
import { AGE_RATINGS, RELEASE_TYPES, type Release } from "~/domain/release";
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

/** The values a list's releases have, for the filters a list offers. */
export type ListContents = {
  types: ReadonlySet<string>;
  years: ReadonlySet<number>;
  genres: ReadonlySet<number>;
  ageRatings: ReadonlySet<string>;
};

const EMPTY_LIST: ListContents = { types: new Set(), years: new Set(), genres: new Set(), ageRatings: new Set() };

export function listContentsOf(releases: readonly Pick<Release, "type" | "year" | "genres" | "ageRating">[]): ListContents {
  const present = <Value>(values: (Value | null)[]) => new Set(values.filter((value): value is Value => value !== null));
  return {
    types: present(releases.map((release) => release.type.value)),
    years: present(releases.map((release) => release.year)),
    genres: new Set(releases.flatMap((release) => release.genres.map((genre) => genre.id))),
    ageRatings: present(releases.map((release) => release.ageRating.value)),
  };
}

/** What an empty list holds, as far as its filters go: when it shows nothing with no filter set, it holds nothing. */
export function contentsOfEmptyList(total: number, activeFilterCount: number): ListContents | null {
  return total === 0 && activeFilterCount === 0 ? EMPTY_LIST : null;
}

/**
 * The filter options a list offers: those of the values its releases have, and those already chosen, so a filter set
 * by a shared address can be taken off again. The upstream's references of collections cover all of the user's
 * collections at once (they take no collection type), so «Запланировано» offered the types, years and genres of
 * «Смотрю». `contents` null (a list too long to read whole) leaves the references as they came.
 */
export function listReferencesOffered(
  references: AccountListReferences,
  contents: ListContents | null,
  filters: Pick<AccountListFilters, "types" | "years" | "genres" | "ageRatings">,
): AccountListReferences {
  if (!contents) return references;
  const offers =
    <Value>(present: ReadonlySet<Value>, chosen: readonly Value[]) =>
    (value: Value) =>
      present.has(value) || chosen.includes(value);
  const isEmpty = [contents.types, contents.years, contents.genres, contents.ageRatings].every((values) => values.size === 0);
  return {
    genres: references.genres.filter((genre) => offers(contents.genres, filters.genres)(genre.id)),
    types: references.types.filter((type) => offers<string>(contents.types, filters.types)(type.value)),
    years: references.years.filter(offers(contents.years, filters.years)),
    ageRatings: references.ageRatings.filter((rating) => offers<string>(contents.ageRatings, filters.ageRatings)(rating.value)),
    sorting: isEmpty ? [] : references.sorting,
  };
}
