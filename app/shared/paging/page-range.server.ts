// Reading and loading the pages a list's address asks for (`?from=M&page=N`, see ./page-range.ts).
import { redirect } from "@remix-run/node";
import type { Page } from "~/domain/pagination";
import { joinPages } from "~/shared/paging/appending-list";
import { rangeHref } from "~/shared/paging/page-href";
import { readPageNumber, readPageNumberOrNull } from "./page-number.server";
import { fitsInOneRange, MAX_PAGES_SHOWN, RANGE_START_PARAM } from "~/shared/paging/page-range";

export type PageRange = { first: number; last: number };

/**
 * The pages to show: `?page=` is the last one (bad values read as 1), `?from=` the first (bad values, or one past
 * the last, read as the last page alone). A longer range than the cap redirects to its last pages, so a made-up
 * address cannot make one request fetch hundreds of pages.
 */
export function readPageRange(request: Request): PageRange {
  const url = new URL(request.url);
  const last = readPageNumber(url.searchParams);
  const from = readPageNumberOrNull(url.searchParams, RANGE_START_PARAM);
  const first = from !== null && from <= last ? from : last;
  if (!fitsInOneRange(first, last)) throw redirect(rangeHref(url.pathname, url.search, last - MAX_PAGES_SHOWN + 1, last));
  return { first, last };
}

/** The range's pages, fetched together and joined: the items of all of them, the pagination of the last. */
export async function loadPageRange<Item extends { id: number | string }>(
  range: PageRange,
  loadPage: (page: number) => Promise<Page<Item>>,
): Promise<Page<Item>> {
  const numbers = Array.from({ length: range.last - range.first + 1 }, (_, index) => range.first + index);
  const [firstPage, ...rest] = await Promise.all(numbers.map(loadPage));
  if (!firstPage) throw new Error("a page range is never empty");
  return rest.reduce(joinPages, firstPage);
}
