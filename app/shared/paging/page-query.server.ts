// `?page=N` of the paged public lists: anything that is not a page number reads as the first page.
import { readPageNumber } from "~/shared/paging/page-number.server";

export function parsePageQuery(request: Request): number {
  return readPageNumber(new URL(request.url).searchParams);
}
