// page/limit input and the paging envelope {data, meta: {pagination}} of the live API.
import { z } from "zod";
import { integerInput } from "./validation";

export const MAX_LIMIT = 50;
export const DEFAULT_LIMIT = 15;
const MAX_PAGE = 1_000_000;

export const paginationFields = {
  page: integerInput(1, MAX_PAGE).optional(),
  limit: integerInput(1, MAX_LIMIT).optional(),
};

export const PaginationSchema = z.object(paginationFields);

export interface PageRequest {
  page: number;
  limit: number;
  offset: number;
}

export function pageRequest(input: { page?: number | undefined; limit?: number | undefined }, defaultLimit = DEFAULT_LIMIT): PageRequest {
  const page = input.page ?? 1;
  const limit = input.limit ?? defaultLimit;
  return { page, limit, offset: (page - 1) * limit };
}

export interface PageMeta {
  pagination: {
    total: number;
    count: number;
    per_page: number;
    current_page: number;
    total_pages: number;
    links: { previous: string | null; next: string | null };
  };
}

export function paged<T>(items: T[], total: number, request: PageRequest, url: URL): { data: T[]; meta: PageMeta } {
  const totalPages = Math.max(1, Math.ceil(total / request.limit));
  const linkTo = (page: number): string => {
    const target = new URL(url);
    target.searchParams.set("page", String(page));
    if (!target.searchParams.has("limit")) target.searchParams.set("limit", String(request.limit));
    return target.toString();
  };
  return {
    data: items,
    meta: {
      pagination: {
        total,
        count: items.length,
        per_page: request.limit,
        current_page: request.page,
        total_pages: totalPages,
        links: {
          previous: request.page > 1 ? linkTo(Math.min(request.page - 1, totalPages)) : null,
          next: request.page < totalPages ? linkTo(request.page + 1) : null,
        },
      },
    },
  };
}
