import { describe, expect, it } from "vitest";
import { searchWords } from "./search-text";
import { queryTerms, titleMatches } from "./title-match";

const names = ["Стальное обещание", "Steel Promise", null];

describe("title matching", () => {
  it("splits on anything but letters and digits", () => {
    expect(searchWords("ван-пис: 2024 «фильм»")).toEqual(["ван", "пис", "2024", "фильм"]);
  });

  it("finds a title by another form of its words, in any order, and by word prefixes", () => {
    for (const search of ["обещания", "стального обещания", "обещание стальное", "СТАЛЬН", "steel promises", "Стальное  обещание"]) {
      expect(titleMatches(names, search), search).toBe(true);
    }
  });

  it("finds a part of a word as before word search, and needs every word", () => {
    expect(titleMatches(names, "альное обе")).toBe(true);
    expect(titleMatches(names, "стальное солнце")).toBe(false);
    expect(titleMatches(names, "хрустального")).toBe(false);
  });

  it("matches everything with an empty search and nothing with a search of no words that is not in the title", () => {
    expect(titleMatches(names, "  ")).toBe(true);
    expect(titleMatches(names, "«»")).toBe(false);
  });

  it("searches long words by their stems only when the stem is long enough", () => {
    expect(queryTerms("Маяк ГРОЗОВОГО")).toEqual([
      { word: "маяк", stem: null },
      { word: "грозового", stem: "грозов" },
    ]);
  });
});
