import type { CatalogQuery } from "~/domain/catalog";

/** The catalogue's filter state as it lives in the address. */
export type CatalogFilters = Required<
  Pick<CatalogQuery, "types" | "genres" | "seasons" | "ageRatings" | "publishStatuses" | "productionStatuses">
> & {
  yearFrom?: number;
  yearTo?: number;
  search?: string;
  sorting?: CatalogQuery["sorting"];
  page: number;
};

export const CATALOG_PATH = "/anime/catalog/";
