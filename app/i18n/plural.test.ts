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

  it("prints the count with a thousands separator", () => {
    expect(countOf(1500, episodes)).toBe("1\u00a0500 серий");
  });
});
