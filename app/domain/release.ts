import type { Image } from "./image";
import type { Labelled, OpenEnum } from "./enumeration";
import type { Torrent } from "./torrent";

export const RELEASE_TYPES = ["TV", "ONA", "WEB", "OVA", "OAD", "MOVIE", "DORAMA", "SPECIAL"] as const;
export type ReleaseTypeValue = OpenEnum<(typeof RELEASE_TYPES)[number]>;

export const SEASONS = ["winter", "spring", "summer", "autumn"] as const;
export type SeasonValue = OpenEnum<(typeof SEASONS)[number]>;

export const AGE_RATINGS = ["R0_PLUS", "R6_PLUS", "R12_PLUS", "R16_PLUS", "R18_PLUS"] as const;
export type AgeRatingValue = OpenEnum<(typeof AGE_RATINGS)[number]>;

export type MemberRoleValue = OpenEnum<"poster" | "timing" | "voicing" | "editing" | "decorating" | "translating">;

export type ReleaseType = Labelled<ReleaseTypeValue>;
export type Season = Labelled<SeasonValue>;
export type AgeRating = { value: AgeRatingValue | null; label: string | null; isAdult: boolean; description: string | null };
/** Monday = 1 … Sunday = 7. */
export type PublishDay = { value: number | null; description: string | null };

export type Genre = { id: number; name: string; image: Image; totalReleases: number | null };

export type Sponsor = { id: string; title: string; description: string | null; urlTitle: string | null; url: string | null };

/** The release on a catalogue site (Shikimori, MyAnimeList): its id there and, when known, its score. */
export type ExternalListing = { id: number; rating: number | null; votes: number | null };

export type EpisodeSkip = { start: number | null; stop: number | null };

export type Episode = {
  id: string;
  name: string | null;
  nameEnglish: string | null;
  /** Fractional for specials (12.5); null when the upstream sent a negative or no ordinal. */
  ordinal: number | null;
  opening: EpisodeSkip | null;
  ending: EpisodeSkip | null;
  preview: Image;
  hls480: string | null;
  hls720: string | null;
  hls1080: string | null;
  /** Seconds. */
  duration: number | null;
  rutubeId: string | null;
  youtubeId: string | null;
  updatedAt: string | null;
  sortOrder: number | null;
};

export type ReleaseMember = {
  id: string;
  nickname: string | null;
  role: Labelled<MemberRoleValue>;
  user: { id: number; avatar: Image } | null;
};

export type Release = {
  id: number;
  alias: string;
  name: { main: string; english: string | null; alternative: string | null };
  year: number | null;
  type: ReleaseType;
  season: Season;
  poster: Image;
  freshAt: string | null;
  createdAt: string | null;
  updatedAt: string | null;
  isOngoing: boolean;
  isInProduction: boolean;
  isBlockedByGeo: boolean;
  isBlockedByCopyrights: boolean;
  ageRating: AgeRating;
  publishDay: PublishDay;
  description: string | null;
  notification: string | null;
  episodesTotal: number | null;
  /** The upstream says the episode count is not known yet: `episodesTotal` is a guess and is not shown. */
  episodesAreUnknown: boolean;
  /** Absolute https URL of a third-party player, or null. */
  externalPlayer: string | null;
  addedInUsersFavorites: number;
  averageDurationOfEpisode: number | null;
  genres: Genre[];
  sponsor: Sponsor | null;
  /** Present on the release page and in a few lists; empty elsewhere. */
  episodes: Episode[];
  members: ReleaseMember[];
  latestEpisode: Episode | null;
  shikimori: ExternalListing | null;
  mal: ExternalListing | null;
};

/**
 * One release as its own answer has it: the document's release detail also lists its torrents; null where an upstream
 * leaves them out (the torrents tab then asks for them by id).
 */
export type ReleaseDetail = Release & { torrents: readonly Torrent[] | null };

/** An episode with its release (and the release's episodes), as the player needs it. */
export type EpisodeWithRelease = Episode & { release: Release | null };

/** A release blocked by the copyright holder plays nothing: no page offers an episode of it (decision 0256). */
export function offersEpisodes(release: { isBlockedByCopyrights?: boolean }): boolean {
  return release.isBlockedByCopyrights !== true;
}

export function releaseTitle(release: { name: Pick<Release["name"], "main" | "english"> }): string {
  return release.name.main || release.name.english || "";
}
