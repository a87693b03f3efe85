import { describe, expect, it } from "vitest";
import type { Page } from "~/domain/pagination";
import { loadPageRange, readPageRange } from "./page-range.server";
import { MAX_PAGES_SHOWN } from "~/shared/paging/page-range";

const at = (search: string) => new Request(`http://localhost/anime/catalog/${search}`);

function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (thrown) {
    return thrown;
  }
  throw new Error("nothing was thrown");
}

describe("readPageRange", () => {
  it.each([
    ["", 1, 1],
    ["?page=3", 3, 3],
    ["?from=1&page=3", 1, 3],
    ["?types=TV&from=2&page=3", 2, 3],
    [`?from=1&page=${MAX_PAGES_SHOWN}`, 1, MAX_PAGES_SHOWN],
  ])("reads %j as pages %i..%i", (search, first, last) => {
    expect(readPageRange(at(search))).toEqual({ first, last });
  });

  it.each(["?from=abc&page=3", "?from=0&page=3", "?from=4&page=3", "?from=&page=3", "?from=2.5&page=3"])(
    "shows the last page alone for a bad first page: %j",
    (search) => {
      expect(readPageRange(at(search))).toEqual({ first: 3, last: 3 });
    },
  );

  it("redirects a range longer than the cap to its last pages", () => {
    const thrown = thrownBy(() => readPageRange(at("?types=TV&from=1&page=500")));
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/anime/catalog/?types=TV&from=${500 - MAX_PAGES_SHOWN + 1}&page=500`);
  });
});

describe("loadPageRange", () => {
  const pageOf = (currentPage: number, ids: number[]): Page<{ id: number }> => ({
    items: ids.map((id) => ({ id })),
    pagination: { total: 6, count: ids.length, perPage: 2, currentPage, totalPages: 3, links: { next: null, previous: null } },
  });

  it("loads every page of the range and joins them, keeping the last page's pagination", async () => {
    const asked: number[] = [];
    const pages: Record<number, number[]> = { 1: [1, 2], 2: [2, 3], 3: [4, 5] };
    const joined = await loadPageRange({ first: 1, last: 3 }, async (page) => {
      asked.push(page);
      return pageOf(page, pages[page] ?? []);
    });
    expect(asked).toEqual([1, 2, 3]);
    expect(joined.items.map((item) => item.id)).toEqual([1, 2, 3, 4, 5]);
    expect(joined.pagination.currentPage).toBe(3);
  });
});
