// One "continue watching" card, from the account's progress or from this browser's own (decision 0256).
import { imageSource } from "~/domain/image";
import { releaseTitle, type Episode, type Release } from "~/domain/release";
import type { LocalProgress, RecentRelease } from "./local-progress";
import { continuePlace, type ContinuePlace, type EpisodeProgress } from "./watch-place";

export type ContinueItem = {
  releaseId: number;
  alias: string;
  title: string;
  poster: string | null;
  episodeId: string;
  episodeOrdinal: number | null;
  /** Where to go on from: the unfinished episode's position, 0 for the episode after a watched one. */
  time: number;
  duration: number | null;
};

export const CONTINUE_WATCHING_LIMIT = 12;

function positionOf(place: ContinuePlace<unknown>): number {
  return place.kind === "continue" ? place.time : 0;
}

export function continueItemOf(release: Release, place: ContinuePlace<Episode>): ContinueItem {
  return {
    releaseId: release.id,
    alias: release.alias,
    title: releaseTitle(release),
    poster: imageSource(release.poster, "thumbnail"),
    episodeId: place.episode.id,
    episodeOrdinal: place.episode.ordinal,
    time: positionOf(place),
    duration: place.episode.duration,
  };
}

type LocalEpisode = { id: string; ordinal: number | null; duration: number | null };

/**
 * This browser's card of a release, by the same rule: it knows the episode last played here and the one after it
 * at that time, so finishing episode 1 of two keeps the release with episode 2. A card without a later episode
 * (the last one out, or written before cards kept it) leaves the row once that episode is watched.
 */
export function continueItemFromLocal(card: RecentRelease, timecodes: LocalProgress["timecodes"]): ContinueItem | null {
  const played: LocalEpisode = { id: card.episodeId, ordinal: card.episodeOrdinal, duration: card.duration };
  const episodes = card.nextEpisode ? [played, card.nextEpisode] : [played];
  const progress = new Map<string, EpisodeProgress>(
    episodes.flatMap((episode) => {
      const entry = episode.id === card.episodeId ? card : timecodes[episode.id];
      return entry ? [[episode.id, { time: entry.time, isWatched: entry.isWatched }] as const] : [];
    }),
  );
  // A release that plays nothing leaves no progress here to begin with.
  const place = continuePlace({ isBlockedByCopyrights: false }, episodes, progress);
  if (!place) return null;
  return {
    releaseId: card.releaseId,
    alias: card.alias,
    title: card.title,
    poster: card.poster,
    episodeId: place.episode.id,
    episodeOrdinal: place.episode.ordinal,
    time: positionOf(place),
    duration: place.episode.duration,
  };
}

/** This browser's releases still to continue, the most recently played first. */
export function continueItemsFromLocal(progress: LocalProgress, limit = CONTINUE_WATCHING_LIMIT): ContinueItem[] {
  return progress.recent
    .map((card) => continueItemFromLocal(card, progress.timecodes))
    .filter((item): item is ContinueItem => item !== null)
    .slice(0, limit);
}
