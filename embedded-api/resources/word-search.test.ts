import { describe, expect, it } from "vitest";
import { wordIndexText, wordQuery } from "./word-search";

describe("word index and queries", () => {
  it("indexes each word and stem once, between spaces", () => {
    expect(wordIndexText("Хранители грозового маяка: Финал")).toBe(" хранители грозового маяка финал хранител грозов маяк фина ");
    expect(wordIndexText("Keepers of the Keepers")).toBe(" keepers of the keeper ");
  });

  it("asks for every word, as a prefix of a word or by its stem's prefix", () => {
    expect(wordQuery("Маяк ГРОЗОВОГО")?.match).toBe('"маяк"* AND ("грозового"* OR "грозов"*)');
    // Short stems are not searched ("ум" of "умывшись" would match every word starting with it).
    expect(wordQuery("умывшись")?.match).toBe('"умывшись"*');
  });

  it("indexes a fleeting-vowel key as its own token, and asks for it whole", () => {
    expect(wordIndexText("Весенний клинок")).toBe(" весенний клинок весен ъклинк ");
    expect(wordQuery("клинка")?.match).toBe('("клинка"* OR "клинк"* OR "ъклинк")');
  });

  it("quotes what FTS5 would read as syntax, and ignores text without words", () => {
    expect(wordQuery('a" OR b*')?.match).toBe('"a"* AND "or"* AND "b"*');
    expect(wordQuery(" :-) ")).toBeNull();
  });
});
