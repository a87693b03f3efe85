// The state behind "show more": the loader's page of one list, with the pages loaded after it appended.
import type { Page } from "~/domain/pagination";

/** A page and the list it belongs to (see `listKeyOf`). */
export type ListPage<Item> = { listKey: string; page: Page<Item> };

/** Which list an address shows: everything but the page number (path, filters, view). */
export function listKeyOf(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete("page");
  return `${pathname}?${params}`;
}

/**
 * The list with a loaded page appended. A page asked for by another list (the filters changed while it loaded,
 * or a revalidation fetched it again afterwards) is ignored, as is one that is not past the list's last page.
 */
export function appendPage<Item extends { id: number | string }>(list: ListPage<Item>, loaded: ListPage<Item>): ListPage<Item> {
  if (loaded.listKey !== list.listKey) return list;
  if (loaded.page.pagination.currentPage <= list.page.pagination.currentPage) return list;
  const known = new Set(list.page.items.map((item) => item.id));
  return {
    listKey: list.listKey,
    page: { items: [...list.page.items, ...loaded.page.items.filter((item) => !known.has(item.id))], pagination: loaded.page.pagination },
  };
}
