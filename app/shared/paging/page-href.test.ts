import { describe, expect, it } from "vitest";
import { pageHref, rangeHref, visiblePages } from "./page-href";

describe("pageHref", () => {
  it("keeps the filters and sets the page", () => {
    expect(pageHref("/anime/catalog/", "?types=TV&page=2", 3)).toBe("/anime/catalog/?types=TV&page=3");
  });

  it("drops the parameter for the first page", () => {
    expect(pageHref("/anime/catalog/", "?page=4", 1)).toBe("/anime/catalog/");
  });

  it("shows one page: a range's first page goes", () => {
    expect(pageHref("/anime/catalog/", "?from=1&page=3&types=TV", 4)).toBe("/anime/catalog/?types=TV&page=4");
  });
});

describe("rangeHref", () => {
  it("records the first and the last page shown, keeping the filters", () => {
    expect(rangeHref("/anime/catalog/", "?types=TV&page=2", 1, 3)).toBe("/anime/catalog/?types=TV&from=1&page=3");
  });

  it("is a plain page address for a range of one page", () => {
    expect(rangeHref("/me/favorites/", "?from=1&page=2", 2, 2)).toBe("/me/favorites/?page=2");
    expect(rangeHref("/me/favorites/", "?from=1&page=2", 1, 1)).toBe("/me/favorites/");
  });
});

describe("visiblePages", () => {
  it("shows the neighbourhood of the current page with gaps", () => {
    expect(visiblePages(10, 20)).toEqual([1, null, 8, 9, 10, 11, 12, null, 20]);
  });

  it("shows everything for a short list", () => {
    expect(visiblePages(1, 3)).toEqual([1, 2, 3]);
  });
});
