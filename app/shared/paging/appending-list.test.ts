import { describe, expect, it } from "vitest";
import type { Page } from "~/domain/pagination";
import { appendPage, listKeyOf, type ListPage } from "./appending-list";

type Item = { id: number };

function pageOf(currentPage: number, ids: number[], totalPages = 3): Page<Item> {
  return {
    items: ids.map((id) => ({ id })),
    pagination: { total: totalPages * 2, count: ids.length, perPage: 2, currentPage, totalPages, links: { next: null, previous: null } },
  };
}

const ACTION = listKeyOf("/anime/catalog/", "?genres=1");
const COMEDY = listKeyOf("/anime/catalog/", "?genres=2");
const list = (listKey: string, page: Page<Item>): ListPage<Item> => ({ listKey, page });
const ids = (state: ListPage<Item>) => state.page.items.map((item) => item.id);

describe("listKeyOf", () => {
  it("names the list by everything but the page number", () => {
    expect(listKeyOf("/anime/catalog/", "?genres=1&page=3")).toBe(ACTION);
    expect(listKeyOf("/anime/catalog/", "?page=2&genres=1")).toBe(ACTION);
    expect(COMEDY).not.toBe(ACTION);
    expect(listKeyOf("/anime/genres/releasesOfGenre/1", "")).not.toBe(listKeyOf("/anime/genres/releasesOfGenre/2", ""));
  });
});

describe("appendPage", () => {
  it("appends the next page of the same list, without repeating items that moved between pages", () => {
    const appended = appendPage(list(ACTION, pageOf(1, [1, 2])), list(ACTION, pageOf(2, [2, 3])));
    expect(ids(appended)).toEqual([1, 2, 3]);
    expect(appended.page.pagination.currentPage).toBe(2);
  });

  it("ignores a page that is not past the list's last one", () => {
    const shown = list(ACTION, pageOf(2, [1, 2, 3, 4]));
    expect(appendPage(shown, list(ACTION, pageOf(2, [3, 4])))).toBe(shown);
  });

  // The reviewer's suspicion: after a filter change, the page "show more" loaded for the old filters came back
  // (the fetcher keeps its data and reloads it on every revalidation) and was appended to the new list.
  it("never appends a page loaded for another list", () => {
    const afterFilterChange = list(COMEDY, pageOf(1, [10, 11]));
    const oldFiltersPage = list(ACTION, pageOf(2, [3, 4]));
    expect(appendPage(afterFilterChange, oldFiltersPage)).toBe(afterFilterChange);
  });
});
