// The catalogue's filters and sortings as zod input schemas and as SQL over `releases r`.
import { z } from "zod";
import { AGE_RATINGS, RELEASE_TYPES, SEASONS } from "../db/rows";
import { catalogSortings, favoriteSortings, type ReleaseSorting } from "./labels";
import { integerInput, integerListInput, listInput, searchInput } from "../http/validation";
import { normalizeSearchText } from "../../title-search/search-text";
import { genreMask } from "./genre-mask";
import { wordQuery, wordsMatchCondition } from "./word-search";

export const releaseTypeInput = listInput(z.enum(RELEASE_TYPES));
export const seasonInput = listInput(z.enum(SEASONS));
export const ageRatingInput = listInput(z.enum(AGE_RATINGS));
export const genreIdsInput = integerListInput(1, 1_000_000);
export const yearInput = integerInput(1900, 2100);
export const yearListInput = listInput(yearInput);

export const CatalogFilterSchema = z
  .object({
    genres: genreIdsInput.optional(),
    types: releaseTypeInput.optional(),
    seasons: seasonInput.optional(),
    years: z.object({ from_year: yearInput.optional(), to_year: yearInput.optional() }).optional(),
    search: searchInput.optional(),
    sorting: z.enum(catalogSortings).optional(),
    age_ratings: ageRatingInput.optional(),
    publish_statuses: listInput(z.enum(["IS_ONGOING", "IS_NOT_ONGOING"])).optional(),
    production_statuses: listInput(z.enum(["IS_IN_PRODUCTION", "IS_NOT_IN_PRODUCTION"])).optional(),
  })
  .superRefine((filter, context) => {
    const from = filter.years?.from_year;
    const to = filter.years?.to_year;
    if (from !== undefined && to !== undefined && from > to) {
      context.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["years", "to_year"],
        message: "Значение поля f.years.to_year должно быть не меньше f.years.from_year.",
      });
    }
  });

/** Filters of the favorites and collections lists: years are a comma list there. */
export const UserListFilterSchema = z.object({
  genres: genreIdsInput.optional(),
  types: releaseTypeInput.optional(),
  years: yearListInput.optional(),
  search: searchInput.optional(),
  age_ratings: ageRatingInput.optional(),
});

export const FavoriteFilterSchema = UserListFilterSchema.extend({ sorting: z.enum(favoriteSortings).optional() });

export interface ReleaseFilter {
  genres?: number[] | undefined;
  types?: string[] | undefined;
  seasons?: string[] | undefined;
  years?: { from_year?: number | undefined; to_year?: number | undefined } | number[] | undefined;
  search?: string | undefined;
  age_ratings?: string[] | undefined;
  publish_statuses?: string[] | undefined;
  production_statuses?: string[] | undefined;
}

export interface SqlCondition {
  where: string;
  params: unknown[];
}

const inList = (column: string, values: readonly unknown[], params: unknown[]): string => {
  params.push(...values);
  return `${column} IN (${values.map(() => "?").join(", ")})`;
};

/** Conditions on the release's own columns, genres included (all served by the releases_filtering index). */
export function facetConditions(filter: ReleaseFilter | undefined): SqlCondition[] {
  const conditions: SqlCondition[] = [];
  if (!filter) return conditions;
  const oneOf = (column: string, values: readonly unknown[] | undefined) => {
    if (!values?.length) return;
    const params: unknown[] = [];
    conditions.push({ where: inList(column, values, params), params });
  };
  oneOf("r.type", filter.types);
  oneOf("r.season", filter.seasons);
  oneOf("r.age_rating", filter.age_ratings);
  if (Array.isArray(filter.years)) oneOf("r.year", filter.years);
  else if (filter.years) {
    if (filter.years.from_year !== undefined) conditions.push({ where: "r.year >= ?", params: [filter.years.from_year] });
    if (filter.years.to_year !== undefined) conditions.push({ where: "r.year <= ?", params: [filter.years.to_year] });
  }
  const publish = new Set(filter.publish_statuses ?? []);
  if (publish.size === 1) conditions.push({ where: `r.is_ongoing = ${publish.has("IS_ONGOING") ? 1 : 0}`, params: [] });
  const production = new Set(filter.production_statuses ?? []);
  if (production.size === 1) {
    conditions.push({ where: `r.is_in_production = ${production.has("IS_IN_PRODUCTION") ? 1 : 0}`, params: [] });
  }
  if (filter.genres?.length) conditions.push({ where: "(r.genre_mask & ?) != 0", params: [genreMask(filter.genres)] });
  return conditions;
}

/** The title search as a query of matching release ids, or null without search text. */
export function searchIdsQuery(filter: ReleaseFilter | undefined): SqlCondition | null {
  const search = filter?.search ? searchCondition(filter.search) : null;
  return search ? { where: search.sql, params: search.params } : null;
}

export function joinConditions(conditions: readonly SqlCondition[]): SqlCondition {
  if (conditions.length === 0) return { where: "1 = 1", params: [] };
  return {
    where: conditions.map((condition) => condition.where).join(" AND "),
    params: conditions.flatMap((condition) => condition.params),
  };
}

export const idSetCondition = (query: SqlCondition): SqlCondition => ({
  where: `r.id IN (${query.where})`,
  params: query.params,
});

/** WHERE conditions over the alias `r` (releases); an empty filter matches everything. */
export function releaseConditions(filter: ReleaseFilter | undefined): SqlCondition {
  const search = searchIdsQuery(filter);
  return joinConditions([...facetConditions(filter), ...(search ? [idSetCondition(search)] : [])]);
}

/**
 * Release ids whose titles match the text: by words (any order, prefixes, word forms; see word-search.ts) or
 * as one substring, as before word search. The substring uses the trigram index from three characters on;
 * shorter text falls back to scanning the (small) search table.
 */
export function searchCondition(text: string): { sql: string; params: unknown[] } | null {
  const needle = normalizeSearchText(text);
  if (needle === "") return null;
  const substring =
    [...needle].length >= 3
      ? { sql: "SELECT rowid FROM release_search WHERE release_search MATCH ?", param: `"${needle.replace(/"/g, '""')}"` }
      : { sql: "SELECT rowid FROM release_search WHERE instr(text, ?) > 0", param: needle };
  const words = wordQuery(needle);
  if (!words) return { sql: substring.sql, params: [substring.param] };
  return {
    sql: `SELECT rowid FROM release_words WHERE release_words MATCH ? UNION ${substring.sql}`,
    params: [words.match, substring.param],
  };
}

/** The tables the per-row title checks and the relevance score read, joined to `releases r`. */
export const TITLE_TEXT_JOINS = "JOIN release_search_content title ON title.id = r.id JOIN release_words_content words ON words.id = r.id";

/**
 * The title check for one release, for a text found in most titles, where the filter index drives the query. It
 * reads the search tables' stored text (FTS5 keeps it in `*_content` shadow tables) by rowid: with "the" in
 * nearly all of 50,000 titles, building the set of every match first cost more than the whole query.
 * Needs TITLE_TEXT_JOINS.
 */
export function titleMatchCondition(text: string): SqlCondition | null {
  const needle = normalizeSearchText(text);
  if (needle === "") return null;
  const words = wordQuery(needle);
  if (!words) return { where: "instr(title.c0, ?) > 0", params: [needle] };
  const wordsMatch = wordsMatchCondition(words);
  return { where: `(instr(title.c0, ?) > 0 OR (${wordsMatch.sql}))`, params: [needle, ...wordsMatch.params] };
}

/** ORDER BY for a sorting; CREATED_AT_* needs the list table aliased as `l` (favorites). */
export function releaseOrder(sorting: ReleaseSorting | undefined): string {
  switch (sorting ?? "FRESH_AT_DESC") {
    case "FRESH_AT_DESC":
      return "r.fresh_at DESC, r.id DESC";
    case "FRESH_AT_ASC":
      return "r.fresh_at ASC, r.id ASC";
    case "RATING_DESC":
      return "r.added_in_users_favorites DESC, r.id DESC";
    case "RATING_ASC":
      return "r.added_in_users_favorites ASC, r.id ASC";
    case "YEAR_DESC":
      return "r.year DESC, r.fresh_at DESC, r.id DESC";
    case "YEAR_ASC":
      return "r.year ASC, r.fresh_at ASC, r.id ASC";
    case "CREATED_AT_DESC":
      return "l.created_at DESC, r.id DESC";
    case "CREATED_AT_ASC":
      return "l.created_at ASC, r.id ASC";
  }
}
