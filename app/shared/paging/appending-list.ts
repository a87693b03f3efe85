// The state behind "show more": the loader's page of one list, with the pages loaded after it appended.
import type { Page } from "~/domain/pagination";
import { RANGE_START_PARAM } from "./page-range";

/** A page and the list it belongs to (see `listKeyOf`). */
export type ListPage<Item> = { listKey: string; page: Page<Item> };

/** Which list an address shows: everything but the pages shown (path, filters, view). */
export function listKeyOf(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete("page");
  params.delete(RANGE_START_PARAM);
  return `${pathname}?${params}`;
}

/**
 * The list with a loaded page appended. A page asked for by another list (the filters changed while it loaded,
 * or a revalidation fetched it again afterwards) is ignored, as is one that is not past the list's last page.
 */
export function appendPage<Item extends { id: number | string }>(list: ListPage<Item>, loaded: ListPage<Item>): ListPage<Item> {
  if (loaded.listKey !== list.listKey) return list;
  const page = joinPages(list.page, loaded.page);
  return page === list.page ? list : { listKey: list.listKey, page };
}

/** `shown` followed by `next`, without repeating items that moved between pages; `shown` itself if `next` is not past it. */
export function joinPages<Item extends { id: number | string }>(shown: Page<Item>, next: Page<Item>): Page<Item> {
  if (next.pagination.currentPage <= shown.pagination.currentPage) return shown;
  const known = new Set(shown.items.map((item) => item.id));
  return { items: [...shown.items, ...next.items.filter((item) => !known.has(item.id))], pagination: next.pagination };
}
