import { describe, expect, it } from "vitest";
import { newEpisodesStrings } from "./strings";

describe("the new episodes' wording", () => {
  it("prints the count of new episodes as every other number is printed («1 149», like «Последняя: 1 150»)", () => {
    expect(newEpisodesStrings.newCount(1149)).toBe("Новых серий: 1\u00a0149");
  });
});
