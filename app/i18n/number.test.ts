import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatNumber } from "./number";

describe("formatNumber", () => {
  it("groups thousands with a no-break space and rounds to whole numbers by default", () => {
    expect(formatNumber(1500)).toBe("1\u00a0500");
    expect(formatNumber(12.6)).toBe("13");
    expect(formatNumber(7)).toBe("7");
  });

  it("uses a comma and the asked fraction digits", () => {
    expect(formatNumber(12.5, 2)).toBe("12,5");
    expect(formatNumber(1.4, 1, 1)).toBe("1,4");
    expect(formatNumber(3, 1, 1)).toBe("3,0");
    expect(formatNumber(1.005, 2)).toBe("1,01");
    expect(formatNumber(0.000000152, 8)).toBe("0,00000015");
  });

  it("gives the same text as Intl.NumberFormat('ru-RU') for any number and fraction digits", () => {
    const numbers = fc.oneof(
      fc.double({ noNaN: false }),
      fc.integer({ min: -2_000_000, max: 2_000_000 }),
      fc.integer({ min: -100_000, max: 100_000 }).map((hundredths) => hundredths / 100),
      fc.constantFrom(0, -0, 0.125, 1.005, 2.5, -0.001, 999.995, 1e21, 1e-7),
    );
    fc.assert(
      fc.property(numbers, fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 }), (value, maximum, extra) => {
        const minimum = Math.min(extra, maximum);
        const intl = value.toLocaleString("ru-RU", { maximumFractionDigits: maximum, minimumFractionDigits: minimum });
        expect(formatNumber(value, maximum, minimum)).toBe(intl);
      }),
      { numRuns: 5000 },
    );
  });
});
