// Search by words: titles are indexed as their words plus the words' stems and fleeting-vowel keys (`release_words`);
// a query matches when each of its words is the prefix of a title word, its stem the prefix of a title word's stem,
// or its fleeting-vowel key a title word's key, in any order. See docs/decisions/0130-search-by-words.md; the words, stems and query terms are the project's one
// title search (`title-search/`, decision 0256), which the site uses too.
import type { Db } from "../db/database";
import { normalizeSearchText } from "../../title-search/search-text";
import { queryTerms, titleTokens, type QueryTerm } from "../../title-search/title-match";

/**
 * The indexed form of a title text: each distinct word and stem once, space-separated with a space on both
 * ends, so " prefix" found by instr() is a token's prefix and " word " a whole token.
 */
export function wordIndexText(text: string): string {
  return ` ${titleTokens(text).join(" ")} `;
}

export interface WordQuery {
  terms: QueryTerm[];
  /** The FTS5 expression over `release_words`. */
  match: string;
}

const ftsToken = (token: string) => `"${token.replace(/"/g, '""')}"`;
const ftsPrefix = (token: string) => `${ftsToken(token)}*`;

/** One query word's FTS5 expression: the word's prefix, its stem's prefix, its fleeting-vowel token whole. */
function termMatch({ word, stem, fleeting }: QueryTerm): string {
  const ways = [ftsPrefix(word), ...(stem ? [ftsPrefix(stem)] : []), ...(fleeting ? [ftsToken(fleeting)] : [])];
  return ways.length === 1 ? ways[0]! : `(${ways.join(" OR ")})`;
}

export function wordQuery(text: string): WordQuery | null {
  const terms = queryTerms(text);
  if (terms.length === 0) return null;
  return { terms, match: terms.map(termMatch).join(" AND ") };
}

export interface SqlFragment {
  sql: string;
  params: unknown[];
}

/**
 * The same test as the FTS match, for one row whose indexed words are `words.c0` (the `release_words_content`
 * shadow table joined as `words`): used where checking each candidate is cheaper than building the match set.
 */
export function wordsMatchCondition(query: WordQuery): SqlFragment {
  const params: unknown[] = [];
  const parts = query.terms.map(({ word, stem, fleeting }) => {
    const needles = [` ${word}`, ...(stem ? [` ${stem}`] : []), ...(fleeting ? [` ${fleeting} `] : [])];
    params.push(...needles);
    return `(${needles.map(() => "instr(words.c0, ?) > 0").join(" OR ")})`;
  });
  return { sql: parts.join(" AND "), params };
}

/**
 * ORDER BY for relevance, by whole words rather than substrings: every query word a whole title word (+4), every
 * query word a title word or a form of one, by its stem or its fleeting-vowel key (+2), the title starting with the query (+1); then how
 * many query words are such forms; among equals the shorter title (the words are more of it), then the more
 * popular. A substring inside a longer word ("стального" in "хрустального") earns nothing, so «Стальное
 * обещание» comes before «Осколки хрустального обещания» for "стального обещания". Needs
 * `release_search_content` joined as `title`, `release_words_content` as `words`.
 */
export function relevanceOrder(text: string): SqlFragment {
  const phrase = normalizeSearchText(text);
  const terms = wordQuery(text)?.terms ?? [];
  if (terms.length === 0) {
    return { sql: "(instr(title.c0, ?) = 1) DESC, length(title.c0), r.added_in_users_favorites DESC, r.id DESC", params: [phrase] };
  }
  const params: unknown[] = [];
  const wholeWord = ({ word }: QueryTerm) => {
    params.push(` ${word} `);
    return "instr(words.c0, ?) > 0";
  };
  const wordForm = ({ word, stem, fleeting }: QueryTerm) => {
    params.push(` ${word} `, ` ${stem ?? word} `, ` ${fleeting ?? word} `);
    return "(instr(words.c0, ?) > 0 OR instr(words.c0, ?) > 0 OR instr(words.c0, ?) > 0)";
  };
  const allWhole = terms.map(wholeWord).join(" AND ");
  const allForms = terms.map(wordForm).join(" AND ");
  params.push(phrase);
  const formsCount = terms.map(wordForm).join(" + ");
  return {
    sql: `((${allWhole}) * 4 + (${allForms}) * 2 + (instr(title.c0, ?) = 1)) DESC, (${formsCount}) DESC,
      length(title.c0), r.added_in_users_favorites DESC, r.id DESC`,
    params,
  };
}

/** Adds the word index of every title that lacks one (a database made before word search, or just seeded). */
export function indexTitleWords(db: Db): void {
  const missingTitles = db.prepare(
    `SELECT id, c0 AS text FROM release_search_content
     WHERE NOT EXISTS (SELECT 1 FROM release_words_content words WHERE words.id = release_search_content.id)`,
  );
  if (!missingTitles.get()) return;
  const insert = db.prepare("INSERT INTO release_words (rowid, words) VALUES (?, ?)");
  // Read again under the write lock: another process opening the same file may have indexed them meanwhile.
  db.transaction(() => {
    for (const { id, text } of missingTitles.all() as { id: number; text: string }[]) insert.run(id, wordIndexText(text));
  })();
}
