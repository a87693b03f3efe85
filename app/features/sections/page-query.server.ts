// `?page=N` of the paged public lists: anything that is not a page number reads as the first page.
import { throwPageNotFound } from "~/.server/not-found.server";
import { readPageNumber } from "~/features/paging/page-number.server";
import type { Pagination } from "~/domain/pagination";

export function parsePageQuery(request: Request): number {
  return readPageNumber(new URL(request.url).searchParams);
}

/** A page past the end of a non-empty list does not exist: the spec's 404, not an empty page. */
export function assertPageExists(request: Request, pagination: Pagination): void {
  if (pagination.currentPage > 1 && pagination.currentPage > pagination.totalPages) throwPageNotFound(request);
}
