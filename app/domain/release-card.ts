// What a release card shows. Loaders of list pages send this instead of whole releases: a catalogue page of
// 24 full releases (genre images, members, notifications) doubled the HTML and the hydration data.
import { offersEpisodes, type AgeRating, type Episode, type Genre, type Release, type ReleaseType, type Season } from "./release";
import type { Image } from "./image";
import type { Page } from "./pagination";

export type ReleaseCardData = {
  id: number;
  alias: string;
  name: Pick<Release["name"], "main" | "english">;
  year: number | null;
  type: ReleaseType;
  season: Season;
  poster: Image;
  isOngoing: boolean;
  ageRating: Pick<AgeRating, "label">;
  episodesTotal: number | null;
  episodesAreUnknown: boolean;
  description: string | null;
  genres: Pick<Genre, "name">[];
  latestEpisode: Pick<Episode, "id" | "ordinal"> | null;
};

/** Cards clamp the description to three lines; this many characters always fill them. */
export const CARD_DESCRIPTION_LIMIT = 300;

export function shortenDescription(text: string | null, limit = CARD_DESCRIPTION_LIMIT): string | null {
  if (text === null || text.length <= limit) return text;
  const cut = text.slice(0, limit);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > limit / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/**
 * The card of a whole release (pages that have the release for more than its card). A blocked release's latest
 * episode stays off its card: nothing plays. The API client reads list pages straight into cards by the same rules
 * (`shortenDescription`, `offersEpisodes`); a test keeps the two equal.
 */
export function toReleaseCard(release: Release): ReleaseCardData {
  return {
    id: release.id,
    alias: release.alias,
    name: { main: release.name.main, english: release.name.english },
    year: release.year,
    type: release.type,
    season: release.season,
    poster: release.poster,
    isOngoing: release.isOngoing,
    ageRating: { label: release.ageRating.label },
    episodesTotal: release.episodesTotal,
    episodesAreUnknown: release.episodesAreUnknown,
    description: shortenDescription(release.description),
    genres: release.genres.map((genre) => ({ name: genre.name })),
    latestEpisode:
      release.latestEpisode && offersEpisodes(release) ? { id: release.latestEpisode.id, ordinal: release.latestEpisode.ordinal } : null,
  };
}

/** How many episodes are out, as far as the card knows: the latest episode's number (12 for «12,5»), else 0. */
export function episodesOutSoFar(card: Pick<ReleaseCardData, "latestEpisode">): number {
  const ordinal = card.latestEpisode?.ordinal;
  return ordinal != null && ordinal >= 1 ? Math.floor(ordinal) : 0;
}

export function toReleaseCardPage(page: Page<Release>): Page<ReleaseCardData> {
  return { items: page.items.map(toReleaseCard), pagination: page.pagination };
}
