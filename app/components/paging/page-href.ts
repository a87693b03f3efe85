/** The current address with another page number (page 1 drops the parameter). */
export function pageHref(pathname: string, search: string, page: number): string {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete("page");
  else params.set("page", String(page));
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
