import { describe, expect, it } from "vitest";
import { franchiseDuration, franchiseYears, inWatchOrder } from "./franchise-summary";

describe("franchiseYears", () => {
  it("joins a span of years and collapses a single one", () => {
    expect(franchiseYears({ firstYear: 2013, lastYear: 2016 })).toBe("2013–2016");
    expect(franchiseYears({ firstYear: 2020, lastYear: 2020 })).toBe("2020");
    expect(franchiseYears({ firstYear: null, lastYear: 2019 })).toBe("2019");
    expect(franchiseYears({ firstYear: null, lastYear: null })).toBeNull();
  });
});

describe("franchiseDuration", () => {
  it("prefers the upstream's text", () => {
    expect(franchiseDuration({ totalDuration: "11 ч 42 мин", totalDurationInSeconds: 42120 })).toBe("11 ч 42 мин");
  });

  it("spells out the seconds with Russian plurals", () => {
    expect(franchiseDuration({ totalDuration: null, totalDurationInSeconds: 42120 })).toBe("11 часов 42 минуты");
    expect(franchiseDuration({ totalDuration: null, totalDurationInSeconds: 3600 * 21 + 60 })).toBe("21 час 1 минута");
    expect(franchiseDuration({ totalDuration: null, totalDurationInSeconds: 1500 })).toBe("25 минут");
    expect(franchiseDuration({ totalDuration: null, totalDurationInSeconds: null })).toBeNull();
  });
});

describe("inWatchOrder", () => {
  it("sorts by sort order and keeps unordered entries last in their original order", () => {
    const entry = (id: string, sortOrder: number | null) => ({ id, sortOrder, releaseId: 1, release: null });
    expect(inWatchOrder([entry("x", null), entry("c", 3), entry("a", 1), entry("y", null)]).map((item) => item.id)).toEqual([
      "a",
      "c",
      "x",
      "y",
    ]);
  });
});
