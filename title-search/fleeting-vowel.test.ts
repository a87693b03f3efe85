import { describe, expect, it } from "vitest";
import { fleetingVowelKey } from "./fleeting-vowel";

describe("fleeting vowels", () => {
  it.each([
    // Every form of one word has one key: the form with the vowel and those without it.
    [["клинок", "клинка", "клинком", "клинки", "клинков", "клинку", "клинке"], "клинк"],
    [["замок", "замка", "замки"], "замк"],
    [["кусок", "куска"], "куск"],
    [["отец", "отца", "отцами"], "отц"],
    [["боец", "бойца", "бойцы"], "бойц"],
    [["палец", "пальца"], "палц"],
    [["ремень", "ремня", "ремнем", "ремни"], "ремн"],
    [["камень", "камня"], "камн"],
    [["огонек", "огонька", "огоньки"], "огонк"],
    [["паек", "пайка"], "пайк"],
    [["орел", "орла"], "орл"],
    [["котел", "котла"], "котл"],
    [["ветер", "ветра", "ветром"], "ветр"],
    [["сказка", "сказок"], "сказк"],
    [["башня", "башен"], "башн"],
    [["окно", "окон"], "окн"],
  ])("%j → %s", (forms, key) => {
    for (const form of forms) expect(fleetingVowelKey(form), form).toBe(key);
  });

  it.each([
    // No false friends: a vowel that stays, a word that is no such noun's form, an adjective, too short a key.
    ["урок", "урка"],
    ["порок", "порка"],
    ["ступень", "ступня"],
    ["степень", "степной"],
    ["посол", "после"],
    ["клинок", "клиника"],
    ["дракон", "дракона"],
    ["день", "дня"],
  ])("%s and %s share no key", (one, other) => {
    const key = fleetingVowelKey(one);
    expect(key === null || key !== fleetingVowelKey(other)).toBe(true);
  });

  it("leaves words without a fleeting vowel, and other alphabets, without a key", () => {
    for (const word of ["маяка", "дракона", "стального", "проклятого", "клин", "страж", "blade", "2024"]) {
      expect(fleetingVowelKey(word), word).toBeNull();
    }
  });
});
