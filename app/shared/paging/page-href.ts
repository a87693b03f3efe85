import { RANGE_START_PARAM } from "./page-range";

/** The current address showing one page (page 1 drops the parameter): the page links and a loaded page. */
export function pageHref(pathname: string, search: string, page: number): string {
  return rangeHref(pathname, search, page, page);
}

/** The current address showing pages `first`..`last` (docs/decisions/0140-list-range-in-the-address.md). */
export function rangeHref(pathname: string, search: string, first: number, last: number): string {
  const params = new URLSearchParams(search);
  params.delete(RANGE_START_PARAM);
  params.delete("page");
  if (first < last) params.set(RANGE_START_PARAM, String(first));
  if (last > 1) params.set("page", String(last));
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** Page numbers to link around the current one: first, last, and two either side, with gaps as null. */
export function visiblePages(current: number, total: number): Array<number | null> {
  const pages = new Set([1, total, current - 2, current - 1, current, current + 1, current + 2]);
  const sorted = [...pages].filter((page) => page >= 1 && page <= total).sort((a, b) => a - b);
  const withGaps: Array<number | null> = [];
  for (const page of sorted) {
    const previous = withGaps[withGaps.length - 1];
    if (typeof previous === "number" && page - previous > 1) withGaps.push(null);
    withGaps.push(page);
  }
  return withGaps;
}
