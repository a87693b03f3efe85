// Search by words: titles are indexed as their words plus the words' stems (`release_words`); a query
// matches when each of its words is the prefix of a title word or its stem the prefix of a title word's stem,
// in any order. See docs/decisions/0130-search-by-words.md.
import type { Db } from "../db/database";
import { normalizeSearchText } from "./search-text";
import { wordStem } from "./word-stems";

/** Stems shorter than this match too much as prefixes ("ум" of "умывшись"); the word alone is searched then. */
const MIN_STEM_PREFIX = 3;
/** A query is cut to this many words: enough for any title, and the SQL stays small. */
const MAX_QUERY_WORDS = 8;

/** The words of a normalised text: runs of letters and digits (as FTS5's unicode61 tokenizer splits). */
export function searchWords(normalized: string): string[] {
  return normalized.split(/[^\p{L}\p{N}]+/u).filter((word) => word !== "");
}

/**
 * The indexed form of a title text: each distinct word and stem once, space-separated with a space on both
 * ends, so " prefix" found by instr() is a token's prefix and " word " a whole token.
 */
export function wordIndexText(text: string): string {
  const words = searchWords(normalizeSearchText(text));
  const tokens = new Set([...words, ...words.map(wordStem)]);
  return ` ${[...tokens].join(" ")} `;
}

export interface WordQueryTerm {
  word: string;
  /** The word's stem when it differs from the word and is long enough to search by. */
  stem: string | null;
}

export interface WordQuery {
  terms: WordQueryTerm[];
  /** The FTS5 expression over `release_words`. */
  match: string;
}

const ftsPrefix = (token: string) => `"${token.replace(/"/g, '""')}"*`;

export function wordQuery(text: string): WordQuery | null {
  const words = [...new Set(searchWords(normalizeSearchText(text)))].slice(0, MAX_QUERY_WORDS);
  if (words.length === 0) return null;
  const terms = words.map((word) => {
    const stem = wordStem(word);
    return { word, stem: stem !== word && stem.length >= MIN_STEM_PREFIX ? stem : null };
  });
  const match = terms.map(({ word, stem }) => (stem ? `(${ftsPrefix(word)} OR ${ftsPrefix(stem)})` : ftsPrefix(word))).join(" AND ");
  return { terms, match };
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
  const parts = query.terms.map(({ word, stem }) => {
    params.push(` ${word}`);
    if (!stem) return "instr(words.c0, ?) > 0";
    params.push(` ${stem}`);
    return "(instr(words.c0, ?) > 0 OR instr(words.c0, ?) > 0)";
  });
  return { sql: parts.join(" AND "), params };
}

/**
 * ORDER BY for relevance, by whole words rather than substrings: every query word a whole title word (+4), every
 * query word a title word or a form of one, by its stem (+2), the title starting with the query (+1); then how
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
  const wholeWord = ({ word }: WordQueryTerm) => {
    params.push(` ${word} `);
    return "instr(words.c0, ?) > 0";
  };
  const wordForm = ({ word, stem }: WordQueryTerm) => {
    params.push(` ${word} `, ` ${stem ?? word} `);
    return "(instr(words.c0, ?) > 0 OR instr(words.c0, ?) > 0)";
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
