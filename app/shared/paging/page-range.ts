// Lists whose address records how far they go: `?from=M&page=N` shows pages M..N, so Back, a reload or a shared
// link shows what "Показать ещё" had appended (docs/decisions/0140-list-range-in-the-address.md).
import type { ShouldRevalidateFunction, ShouldRevalidateFunctionArgs } from "@remix-run/react";

/** The query parameter naming the first page of a list that shows several pages (`?page=` names the last). */
export const RANGE_START_PARAM = "from";

/** At most this many pages render at once; the next "Показать ещё" past it opens the following page alone. */
export const MAX_PAGES_SHOWN = 10;

/** Whether `last` can still join a list that starts at `first` (the address would not go past the cap). */
export function fitsInOneRange(first: number, last: number): boolean {
  return last - first + 1 <= MAX_PAGES_SHOWN;
}

function shownPagesOf(url: URL): { first: number; last: number; list: string } {
  const params = new URLSearchParams(url.search);
  const last = Number(params.get("page") ?? 1);
  const first = Number(params.get(RANGE_START_PARAM) ?? last);
  params.delete("page");
  params.delete(RANGE_START_PARAM);
  return { first, last, list: `${url.pathname}?${params}` };
}

/**
 * The address change "Показать ещё" makes after appending a page: same list, same first page, one page further.
 * The page already shows that range, so no loader needs to run again (not even the root's).
 */
export function isShownRangeGrowing({
  currentUrl,
  nextUrl,
  formMethod,
}: Pick<ShouldRevalidateFunctionArgs, "currentUrl" | "nextUrl" | "formMethod">): boolean {
  if (formMethod) return false;
  const current = shownPagesOf(currentUrl);
  const next = shownPagesOf(nextUrl);
  return next.list === current.list && next.first === current.first && next.last === current.last + 1;
}

/** `shouldRevalidate` of the root and of a page whose list records its range. */
export const revalidateUnlessShownRangeGrows: ShouldRevalidateFunction = (args) =>
  !isShownRangeGrowing(args) && args.defaultShouldRevalidate;
