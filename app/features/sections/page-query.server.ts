// `?page=N` of the paged public lists: anything that is not a page number reads as the first page.
import { z } from "zod";
import { throwPageNotFound } from "~/.server/not-found.server";
import type { Pagination } from "~/domain/pagination";

/** Pages past this are never linked; the cap keeps made-up addresses from reaching the upstream. */
export const MAX_PAGE = 10_000;

export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(MAX_PAGE).catch(1),
});

export function parsePageQuery(request: Request): number {
  const params = new URL(request.url).searchParams;
  return PageQuerySchema.parse({ page: params.get("page") ?? undefined }).page;
}

/** A page past the end of a non-empty list does not exist: the spec's 404, not an empty page. */
export function assertPageExists(request: Request, pagination: Pagination): void {
  if (pagination.currentPage > 1 && pagination.currentPage > pagination.totalPages) throwPageNotFound(request);
}
