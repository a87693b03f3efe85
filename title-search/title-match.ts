// Whether titles match a search, by the rule the embedded API's index applies (docs/decisions/0130, 0256, 0282): each
// query word is the prefix of a title word, or its stem the prefix of a title word's stem, or its fleeting-vowel key
// a title word's key, in any order; or the whole text is a part of the titles, as the substring search before word
// search. The site uses it where it narrows a list it already has (the schedule's week), so every place a viewer
// types a title finds the same.
import { normalizeSearchText, searchWords } from "./search-text";
import { fleetingVowelKey } from "./fleeting-vowel";
import { wordStem } from "./word-stems";

/** Stems shorter than this match too much as prefixes ("ум" of "умывшись"); the word alone is searched then. */
export const MIN_STEM_PREFIX = 3;
/** A query is cut to this many words: enough for any title, and the SQL stays small. */
export const MAX_QUERY_WORDS = 8;

export interface QueryTerm {
  word: string;
  /** The word's stem when it differs from the word and is long enough to search by. */
  stem: string | null;
  /** The word's fleeting-vowel token (`fleetingVowelToken`), matched whole: «клинка» finds «клинок». */
  fleeting: string | null;
}

/**
 * A fleeting-vowel key as a title token: marked with «ъ», which starts no Russian word, so no query word's prefix
 * reaches it and keys match only keys.
 */
export function fleetingVowelToken(word: string): string | null {
  const key = fleetingVowelKey(word);
  return key === null ? null : `ъ${key}`;
}

/** The distinct words of a query (up to MAX_QUERY_WORDS), each with the stem and fleeting-vowel key it is also searched by. */
export function queryTerms(text: string): QueryTerm[] {
  const words = [...new Set(searchWords(normalizeSearchText(text)))].slice(0, MAX_QUERY_WORDS);
  return words.map((word) => {
    const stem = wordStem(word);
    return { word, stem: stem !== word && stem.length >= MIN_STEM_PREFIX ? stem : null, fleeting: fleetingVowelToken(word) };
  });
}

/**
 * What a title text is matched by: its words, their stems and their fleeting-vowel tokens (the embedded API stores
 * the same as its index).
 */
export function titleTokens(text: string): string[] {
  const words = searchWords(normalizeSearchText(text));
  const fleeting = words.flatMap((word) => fleetingVowelToken(word) ?? []);
  return [...new Set([...words, ...words.map(wordStem), ...fleeting])];
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
  return search.terms.every(
    ({ word, stem, fleeting }) =>
      hasPrefix(word) || (stem !== null && hasPrefix(stem)) || (fleeting !== null && titles.tokens.includes(fleeting)),
  );
}

/** Whether the names (a release's Russian, English and other titles) match the search; an empty search matches all. */
export function titleMatches(names: ReadonlyArray<string | null>, search: string): boolean {
  const prepared = prepareSearch(search);
  return !prepared.phrase || preparedTitlesMatch(prepareTitles(names), prepared);
}
