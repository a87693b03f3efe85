import { describe, expect, it } from "vitest";
import { englishStem, russianStem, wordStem } from "./word-stems";

describe("Russian stems (Snowball)", () => {
  it.each([
    // Forms of one word share a stem.
    [["хранители", "хранителей", "хранитель", "хранителями"], "хранител"],
    [["грозовой", "грозового", "грозовая", "грозовому"], "грозов"],
    [["маяк", "маяка", "маяков", "маяками"], "маяк"],
    [["дракон", "драконы", "дракона", "драконов"], "дракон"],
    [["академия", "академии", "академию"], "академ"],
  ])("%j → %s", (forms, stem) => {
    for (const form of forms) expect(russianStem(form)).toBe(stem);
  });

  it.each([
    // Reference outputs of the Snowball algorithm: gerunds, participles, reflexive verbs, superlatives, "нн", "ь".
    ["умывшись", "ум"],
    ["бежавший", "бежа"],
    ["влюбилась", "влюб"],
    ["читаешь", "чита"],
    ["красивейший", "красив"],
    ["длинный", "длин"],
    ["радость", "радост"],
    ["небесного", "небесн"],
  ])("%s → %s", (word, stem) => {
    expect(russianStem(word)).toBe(stem);
  });

  it("leaves words without a vowel or ending as they are", () => {
    expect(russianStem("вдт")).toBe("вдт");
    expect(russianStem("и")).toBe("и");
    expect(russianStem("клинок")).toBe("клинок");
  });
});

describe("English stems", () => {
  it.each([
    ["keepers", "keeper"],
    ["stories", "story"],
    ["boxes", "box"],
    ["witches", "witch"],
    ["dragons", "dragon"],
    ["played", "play"],
    ["running", "runn"],
    ["glass", "glass"],
    ["bus", "bus"],
    ["the", "the"],
    ["ring", "ring"],
  ])("%s → %s", (word, stem) => {
    expect(englishStem(word)).toBe(stem);
  });
});

describe("wordStem", () => {
  it("stems Cyrillic as Russian, Latin as English, and keeps anything else", () => {
    expect(wordStem("маяка")).toBe("маяк");
    expect(wordStem("keepers")).toBe("keeper");
    expect(wordStem("2024")).toBe("2024");
    expect(wordStem("маякs")).toBe("маякs");
  });
});
