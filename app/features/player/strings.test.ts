import { describe, expect, it } from "vitest";
import { episodeLabel, playerStrings } from "./strings";

describe("player strings", () => {
  it("name episodes by number, fractional numbers with a comma", () => {
    expect(episodeLabel({ ordinal: 12, name: "x" })).toBe("Серия 12");
    expect(episodeLabel({ ordinal: 6.5, name: null })).toBe("Серия 6,5");
    expect(episodeLabel({ ordinal: null, name: "Фильм" })).toBe("Фильм");
    expect(episodeLabel({ ordinal: null, name: null })).toBe("Спецвыпуск");
  });

  it("count seconds in Russian", () => {
    expect(playerStrings.seconds(5)).toBe("5 секунд");
    expect(playerStrings.seconds(1)).toBe("1 секунда");
  });
});
