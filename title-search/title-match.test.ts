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
      { word: "маяк", stem: null, fleeting: null },
      { word: "грозового", stem: "грозов", fleeting: null },
    ]);
  });

  it("finds a word by its forms without its fleeting vowel, and the other way round, with no false friends", () => {
    const blade = ["Весенний клинок", "Vernal Blade", null];
    for (const search of ["клинка", "клинком", "клинки", "весеннего клинка", "КЛИНКОВ"])
      expect(titleMatches(blade, search), search).toBe(true);
    expect(titleMatches(["Сказание алого клинка"], "клинок")).toBe(true);
    expect(titleMatches(["Хроники северного ветра"], "ветер")).toBe(true);
    for (const search of ["клиника", "клинкер", "весеннего клинка мечты"]) expect(titleMatches(blade, search), search).toBe(false);
    expect(titleMatches(["Урок"], "урка")).toBe(false);
    // A key is matched whole, never as a prefix: «отец» finds «отца», not «отцовство».
    expect(titleMatches(["Тень отца"], "отец")).toBe(true);
    expect(titleMatches(["Отцовство"], "отец")).toBe(false);
  });
});
