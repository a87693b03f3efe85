import { describe, expect, it } from "vitest";
import { pageHref, visiblePages } from "./page-href";

describe("pageHref", () => {
  it("keeps the filters and sets the page", () => {
    expect(pageHref("/anime/catalog/", "?types=TV&page=2", 3)).toBe("/anime/catalog/?types=TV&page=3");
  });

  it("drops the parameter for the first page", () => {
    expect(pageHref("/anime/catalog/", "?page=4", 1)).toBe("/anime/catalog/");
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
