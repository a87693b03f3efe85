// `?page=N` of every paged list (sections, catalogue, personal lists): anything that is not a page number reads as the first page.
import { z } from "zod";

/** Pages past this are never linked; the cap keeps made-up addresses from reaching the upstream. */
export const MAX_PAGE = 10_000;

const PageNumberSchema = z.coerce.number().int().min(1).max(MAX_PAGE);

export function readPageNumber(params: URLSearchParams): number {
  return readPageNumberOrNull(params, "page") ?? 1;
}

/** A page number parameter, or null when it is missing or not a page number. */
export function readPageNumberOrNull(params: URLSearchParams, name: string): number | null {
  const parsed = PageNumberSchema.safeParse(params.get(name) ?? "");
  return parsed.success ? parsed.data : null;
}
