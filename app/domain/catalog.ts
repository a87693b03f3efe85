import type { OpenEnum } from "./enumeration";
import type { AgeRatingValue, ReleaseTypeValue, SeasonValue } from "./release";

export const CATALOG_SORTINGS = ["FRESH_AT_DESC", "FRESH_AT_ASC", "RATING_DESC", "RATING_ASC", "YEAR_DESC", "YEAR_ASC"] as const;
export type CatalogSortingValue = OpenEnum<(typeof CATALOG_SORTINGS)[number]>;

export const PUBLISH_STATUSES = ["IS_ONGOING", "IS_NOT_ONGOING"] as const;
export type PublishStatusValue = OpenEnum<(typeof PUBLISH_STATUSES)[number]>;

export const PRODUCTION_STATUSES = ["IS_IN_PRODUCTION", "IS_NOT_IN_PRODUCTION"] as const;
export type ProductionStatusValue = OpenEnum<(typeof PRODUCTION_STATUSES)[number]>;

/** The upstream's hard limit on `limit` (51 → 422). */
export const MAX_PAGE_LIMIT = 50;

/** A catalogue page request; empty arrays and absent fields mean "no filter". */
export type CatalogQuery = {
  page?: number;
  limit?: number;
  genres?: number[];
  types?: ReleaseTypeValue[];
  seasons?: SeasonValue[];
  years?: { from?: number; to?: number };
  search?: string;
  sorting?: CatalogSortingValue;
  ageRatings?: AgeRatingValue[];
  publishStatuses?: PublishStatusValue[];
  productionStatuses?: ProductionStatusValue[];
};

/** One option of a filter: `value` is what goes into the URL, `label` what the user reads. */
export type ReferenceOption<Value extends string = string> = { value: Value; label: string; description: string | null };

export type GenreOption = { id: number; name: string };

export type CatalogReferences = {
  genres: GenreOption[];
  types: ReferenceOption<ReleaseTypeValue>[];
  seasons: ReferenceOption<SeasonValue>[];
  years: number[];
  sorting: ReferenceOption<CatalogSortingValue>[];
  ageRatings: ReferenceOption<AgeRatingValue>[];
  publishStatuses: ReferenceOption<PublishStatusValue>[];
  productionStatuses: ReferenceOption<ProductionStatusValue>[];
};
