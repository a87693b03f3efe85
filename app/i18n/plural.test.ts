import { describe, expect, it } from "vitest";
import { countOf, plural } from "./plural";

const episodes = { one: "серия", few: "серии", many: "серий" };

describe("plural", () => {
  it.each([
    [1, "серия"],
    [2, "серии"],
    [4, "серии"],
    [5, "серий"],
    [11, "серий"],
    [21, "серия"],
    [22, "серии"],
    [112, "серий"],
  ])("%i → %s", (count, expected) => {
    expect(plural(count, episodes)).toBe(expected);
  });

  it("agrees with Intl.PluralRules('ru-RU') for whole numbers", () => {
    const rules = new Intl.PluralRules("ru-RU");
    const byCategory: Record<string, string> = { one: "серия", few: "серии", many: "серий", other: "серий" };
    for (let count = -1000; count <= 100_000; count += 1) {
      if (plural(count, episodes) !== byCategory[rules.select(count)]) expect.fail(`${count}: ${plural(count, episodes)}`);
    }
    expect(plural(1.5, episodes)).toBe("серий");
  });

  it("agrees the word with the rounded number it prints", () => {
    expect(countOf(1.5, episodes)).toBe("2 серии");
    expect(countOf(0.4, episodes)).toBe("0 серий");
  });

  it("prints the count with a thousands separator", () => {
    expect(countOf(1500, episodes)).toBe("1\u00a0500 серий");
  });
});
