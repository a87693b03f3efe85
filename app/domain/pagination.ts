export type Pagination = {
  total: number;
  count: number;
  perPage: number;
  currentPage: number;
  totalPages: number;
  links: { next: string | null; previous: string | null };
};

export type Page<Item> = { items: Item[]; pagination: Pagination };

export function hasNextPage(pagination: Pagination): boolean {
  return pagination.currentPage < pagination.totalPages;
}
