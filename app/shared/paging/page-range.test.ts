import { describe, expect, it } from "vitest";
import { fitsInOneRange, isShownRangeGrowing, MAX_PAGES_SHOWN } from "./page-range";

const change = (current: string, next: string, formMethod?: "POST") => ({
  currentUrl: new URL(current, "http://localhost"),
  nextUrl: new URL(next, "http://localhost"),
  formMethod,
});

describe("isShownRangeGrowing", () => {
  it("is the step 'Показать ещё' makes: same list and first page, one page more", () => {
    expect(isShownRangeGrowing(change("/anime/releases/latest/", "/anime/releases/latest/?from=1&page=2"))).toBe(true);
    expect(isShownRangeGrowing(change("/anime/catalog/?types=TV&from=1&page=2", "/anime/catalog/?types=TV&from=1&page=3"))).toBe(true);
    expect(isShownRangeGrowing(change("/me/favorites/?page=4", "/me/favorites/?from=4&page=5"))).toBe(true);
  });

  it.each([
    ["another page alone", "/anime/catalog/?page=2", "/anime/catalog/?page=3"],
    ["a jump of two pages", "/anime/catalog/", "/anime/catalog/?from=1&page=3"],
    ["a shorter range", "/anime/catalog/?from=1&page=3", "/anime/catalog/?from=1&page=2"],
    ["other filters", "/anime/catalog/?types=TV", "/anime/catalog/?types=ONA&from=1&page=2"],
    ["another list", "/me/favorites/", "/me/collections/?from=1&page=2"],
    ["the same address (a revalidation)", "/anime/catalog/?from=1&page=2", "/anime/catalog/?from=1&page=2"],
    ["made-up numbers", "/anime/catalog/?page=x", "/anime/catalog/?from=x&page=y"],
  ])("is not %s", (_, current, next) => {
    expect(isShownRangeGrowing(change(current, next))).toBe(false);
  });

  it("is never a form submission", () => {
    expect(isShownRangeGrowing(change("/me/favorites/", "/me/favorites/?from=1&page=2", "POST"))).toBe(false);
  });
});

describe("fitsInOneRange", () => {
  it("allows at most the cap's number of pages", () => {
    expect(fitsInOneRange(1, MAX_PAGES_SHOWN)).toBe(true);
    expect(fitsInOneRange(1, MAX_PAGES_SHOWN + 1)).toBe(false);
    expect(fitsInOneRange(5, MAX_PAGES_SHOWN + 4)).toBe(true);
  });
});
