// The favorites and collections pages' filter state as it lives in the address (shared by server and client).
import { COLLECTION_TYPES, DEFAULT_COLLECTION_TYPE, type CollectionType, type FavoriteSortingValue } from "~/domain/account";
import type { AgeRatingValue, ReleaseTypeValue } from "~/domain/release";

export type ListView = "posters" | "list";

export type AccountListFilters = {
  types: ReleaseTypeValue[];
  years: number[];
  genres: number[];
  ageRatings: AgeRatingValue[];
  search?: string;
  sorting?: FavoriteSortingValue;
  page: number;
  view: ListView;
};

export const FAVORITES_PATH = "/me/favorites/";
export const COLLECTIONS_PATH = "/me/collections/";
export const DATA_PATH = "/me/data";

/** The list without its filters: only `keep`, the parameters that pick the list itself (the collection type), stays. */
export function listResetHref(path: string, keep: Record<string, string>): string {
  const query = new URLSearchParams(keep).toString();
  return query ? `${path}?${query}` : path;
}

export type FilterBlockName = "search" | "types" | "years" | "genres" | "sorting" | "ageRatings";

/**
 * docs/product.md#routes: every filter block has a visibility flag for desktop and mobile, visible by default.
 * The flags are page configuration (decision 0080), so a block can be hidden on one screen size without code changes elsewhere.
 */
export type BlockVisibility = Record<FilterBlockName, { desktop: boolean; mobile: boolean }>;

export const ALL_BLOCKS_VISIBLE: BlockVisibility = {
  search: { desktop: true, mobile: true },
  types: { desktop: true, mobile: true },
  years: { desktop: true, mobile: true },
  genres: { desktop: true, mobile: true },
  sorting: { desktop: true, mobile: true },
  ageRatings: { desktop: true, mobile: true },
};

/** Tailwind classes that show a block only where its flags allow (mobile is below lg, docs/product.md#constants). */
export function visibilityClass({ desktop, mobile }: { desktop: boolean; mobile: boolean }): string {
  if (desktop && mobile) return "";
  if (desktop) return "hidden lg:block";
  if (mobile) return "lg:hidden";
  return "hidden";
}

export function isCollectionTypeValue(value: string | null | undefined): value is CollectionType {
  return (COLLECTION_TYPES as readonly string[]).includes(value ?? "");
}

export function collectionTypeOf(params: URLSearchParams): CollectionType {
  const value = params.get("type");
  return isCollectionTypeValue(value) ? value : DEFAULT_COLLECTION_TYPE;
}
