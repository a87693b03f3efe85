// The one rule of every list's pages past its end (decision 0282): the catalogue's, for every paged list and every
// list shown whole, so no address shows «Найдено: 1 релиз» over «Здесь пока ничего нет».
import { throwPageNotFound } from "~/.server/not-found.server";
import type { Pagination } from "~/domain/pagination";
import { readPageNumber } from "./page-number.server";

/**
 * A page past the last of a list does not exist: the spec's 404, not an empty page. The page asked for is the
 * address's (`?page=N`, the last of a `?from=M&page=N` range); an empty list has its first page, which says so.
 */
export function assertPageExists(request: Request, pagination: Pick<Pagination, "totalPages">): void {
  const asked = readPageNumber(new URL(request.url).searchParams);
  if (asked > Math.max(1, pagination.totalPages)) throwPageNotFound(request);
}

/** A list shown whole (new episodes, franchises, videos) has one page: `?page=2` of it is past its end. */
export function assertSinglePageList(request: Request): void {
  assertPageExists(request, { totalPages: 1 });
}
