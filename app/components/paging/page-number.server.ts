// `?page=N` of every paged list (sections, catalogue, personal lists): anything that is not a page number reads as the first page.
import { z } from "zod";

/** Pages past this are never linked; the cap keeps made-up addresses from reaching the upstream. */
export const MAX_PAGE = 10_000;

const PageNumberSchema = z.coerce.number().int().min(1).max(MAX_PAGE);

export function readPageNumber(params: URLSearchParams): number {
  const parsed = PageNumberSchema.safeParse(params.get("page") ?? "");
  return parsed.success ? parsed.data : 1;
}
