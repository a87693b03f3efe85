import type { OpenEnum } from "./enumeration";
import type { Image } from "./image";
import type { GenreOption, ReferenceOption } from "./catalog";
import type { AgeRatingValue, Episode, Release, ReleaseTypeValue } from "./release";

/** docs/product.md#entities. The three ad flags are true only when the upstream sent exactly `true`. */
export type Profile = {
  id: number;
  email: string | null;
  login: string | null;
  avatar: Image;
  nickname: string | null;
  isBanned: boolean;
  torrents: { passkey: string | null; uploaded: number; downloaded: number };
  /** ISO date-time, or null. */
  createdAt: string | null;
  isWithVideoAds: boolean;
  isWithVideoAdsAlways: boolean;
  isWithContentAds: boolean;
};

export type Location = {
  ip: string | null;
  country: string | null;
  isoCode: string | null;
  timezone: string | null;
  parameters: { shouldHideTorrents: boolean; isGovernmentRequest: boolean };
};

export const COLLECTION_TYPES = ["PLANNED", "WATCHED", "WATCHING", "POSTPONED", "ABANDONED"] as const;
export type CollectionType = (typeof COLLECTION_TYPES)[number];
export const DEFAULT_COLLECTION_TYPE: CollectionType = "PLANNED";

export type CollectionEntry = { releaseId: number; type: OpenEnum<CollectionType> };

export type TimecodeEntry = { releaseEpisodeId: string; time: number; isWatched: boolean };

/** Loaded after the first render (docs/product.md#states, root data). */
export type AccountExtras = { favoriteIds: number[]; collections: CollectionEntry[] };

export const SOCIAL_PROVIDERS = ["vk", "google", "patreon", "discord"] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export const FAVORITE_SORTINGS = [
  "CREATED_AT_DESC",
  "CREATED_AT_ASC",
  "FRESH_AT_DESC",
  "FRESH_AT_ASC",
  "RATING_DESC",
  "RATING_ASC",
  "YEAR_DESC",
  "YEAR_ASC",
] as const;
export type FavoriteSortingValue = OpenEnum<(typeof FAVORITE_SORTINGS)[number]>;

/** docs/product.md#constants. */
export const FAVORITES_PAGE_SIZE = 12;

/** Filters of the favorites and collections lists; years here are a plain list, not a range. */
export type AccountListQuery = {
  page?: number;
  limit?: number;
  types?: ReleaseTypeValue[];
  years?: number[];
  genres?: number[];
  search?: string;
  ageRatings?: AgeRatingValue[];
};

export type FavoritesQuery = AccountListQuery & { sorting?: FavoriteSortingValue };

export type CollectionQuery = AccountListQuery & { collection: CollectionType };

export type AccountListReferences = {
  genres: GenreOption[];
  types: ReferenceOption<ReleaseTypeValue>[];
  years: number[];
  ageRatings: ReferenceOption<AgeRatingValue>[];
  /** Favorites only; empty for collections. */
  sorting: ReferenceOption<FavoriteSortingValue>[];
};

export type RegistrationInput = {
  login: string;
  email: string;
  nickname: string;
  password: string;
  passwordConfirmation: string;
  recaptchaToken: string | null;
};

export type PasswordResetInput = { token: string; password: string; passwordConfirmation: string };

/** Which collection a release is in, if any. */
export function collectionOf(entries: CollectionEntry[], releaseId: number): CollectionEntry["type"] | null {
  return entries.find((entry) => entry.releaseId === releaseId)?.type ?? null;
}

export function timecodeOf(entries: TimecodeEntry[], releaseEpisodeId: string): TimecodeEntry | null {
  return entries.find((entry) => entry.releaseEpisodeId === releaseEpisodeId) ?? null;
}

/** A signed-in device (settings → sessions); beyond API v1's document, served by the embedded API. */
export type AccountSession = {
  id: string;
  /** "Windows 10", "iPhone iOS" — whatever the upstream could read from the user agent. */
  device: string | null;
  /** "Firefox 128". */
  browser: string | null;
  country: string | null;
  isoCode: string | null;
  isMobile: boolean;
  ipAddress: string | null;
  isCurrent: boolean;
  lastActiveAt: string | null;
  createdAt: string | null;
};

/** The latest watched episode of each release, newest first (beyond the document). */
export type ViewHistoryEntry = {
  release: Release | null;
  episode: Episode | null;
  time: number;
  isWatched: boolean;
  viewedAt: string | null;
};
