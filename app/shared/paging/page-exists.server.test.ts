import { describe, expect, it } from "vitest";
import { assertPageExists, assertSinglePageList } from "./page-exists.server";

const at = (search: string) => new Request(`http://localhost/me/favorites/${search}`);

function thrownStatus(check: () => void): number | null {
  try {
    check();
    return null;
  } catch (error) {
    return (error as { init?: ResponseInit }).init?.status ?? null;
  }
}

describe("assertPageExists", () => {
  it("accepts a page inside the list, the first page of an empty list and an address that is not a page number", () => {
    expect(thrownStatus(() => assertPageExists(at("?page=3"), { totalPages: 3 }))).toBeNull();
    expect(thrownStatus(() => assertPageExists(at(""), { totalPages: 0 }))).toBeNull();
    expect(thrownStatus(() => assertPageExists(at("?page=abc"), { totalPages: 0 }))).toBeNull();
  });

  it("answers 404 past the last page, of a range too, and past the first page of an empty list", () => {
    expect(thrownStatus(() => assertPageExists(at("?page=999"), { totalPages: 1 }))).toBe(404);
    expect(thrownStatus(() => assertPageExists(at("?from=1&page=4"), { totalPages: 3 }))).toBe(404);
    expect(thrownStatus(() => assertPageExists(at("?page=2"), { totalPages: 0 }))).toBe(404);
  });
});

describe("assertSinglePageList", () => {
  it("has the first page only", () => {
    expect(thrownStatus(() => assertSinglePageList(at("")))).toBeNull();
    expect(thrownStatus(() => assertSinglePageList(at("?page=1")))).toBeNull();
    expect(thrownStatus(() => assertSinglePageList(at("?page=2")))).toBe(404);
  });
});
