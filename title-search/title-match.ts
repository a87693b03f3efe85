// Whether titles match a search, by the rule the embedded API's index applies (docs/decisions/0130, 0256): each
// query word is the prefix of a title word, or its stem the prefix of a title word's stem, in any order; or the
// whole text is a part of the titles, as the substring search before word search. The site uses it where it
// narrows a list it already has (the schedule's week), so every place a viewer types a title finds the same.
import { normalizeSearchText, searchWords } from "./search-text";
import { wordStem } from "./word-stems";

/** Stems shorter than this match too much as prefixes ("ум" of "умывшись"); the word alone is searched then. */
export const MIN_STEM_PREFIX = 3;
/** A query is cut to this many words: enough for any title, and the SQL stays small. */
export const MAX_QUERY_WORDS = 8;

export interface QueryTerm {
  word: string;
  /** The word's stem when it differs from the word and is long enough to search by. */
  stem: string | null;
}

/** The distinct words of a query (up to MAX_QUERY_WORDS), each with the stem it is also searched by. */
export function queryTerms(text: string): QueryTerm[] {
  const words = [...new Set(searchWords(normalizeSearchText(text)))].slice(0, MAX_QUERY_WORDS);
  return words.map((word) => {
    const stem = wordStem(word);
    return { word, stem: stem !== word && stem.length >= MIN_STEM_PREFIX ? stem : null };
  });
}

/** What a title text is matched by: its words and their stems (the embedded API stores the same as its index). */
export function titleTokens(text: string): string[] {
  const words = searchWords(normalizeSearchText(text));
  return [...new Set([...words, ...words.map(wordStem)])];
}

/** Titles prepared once to be matched against many searches (an import's guesses by title). */
export interface PreparedTitles {
  phrase: string;
  tokens: string[];
}

/** A search prepared once to be matched against many titles. */
export interface PreparedSearch {
  phrase: string;
  terms: QueryTerm[];
}

export function prepareTitles(names: ReadonlyArray<string | null>): PreparedTitles {
  const text = names.filter((name): name is string => name !== null).join(" ");
  return { phrase: normalizeSearchText(text), tokens: titleTokens(text) };
}

export function prepareSearch(search: string): PreparedSearch {
  return { phrase: normalizeSearchText(search), terms: queryTerms(search) };
}

/** The match rule itself, on prepared titles and search. */
export function preparedTitlesMatch(titles: PreparedTitles, search: PreparedSearch): boolean {
  if (!search.phrase) return true;
  if (titles.phrase.includes(search.phrase)) return true;
  if (search.terms.length === 0) return false;
  const hasPrefix = (prefix: string) => titles.tokens.some((token) => token.startsWith(prefix));
  return search.terms.every(({ word, stem }) => hasPrefix(word) || (stem !== null && hasPrefix(stem)));
}

/** Whether the names (a release's Russian, English and other titles) match the search; an empty search matches all. */
export function titleMatches(names: ReadonlyArray<string | null>, search: string): boolean {
  const prepared = prepareSearch(search);
  return !prepared.phrase || preparedTitlesMatch(prepareTitles(names), prepared);
}
