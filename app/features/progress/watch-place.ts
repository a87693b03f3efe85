// Where a viewer is in a release, and so whether the release is still "to continue" (docs/decisions/0256):
// the one rule behind «Продолжить просмотр» (home page, lists), the release page's button and «Вышли новые серии».
import { offersEpisodes, type EpisodeSkip } from "~/domain/release";
import { isWatchedAt } from "./watched-rule";

export type EpisodeProgress = { time: number; isWatched: boolean };

/** Enough of an episode to judge its progress; without a duration only the player's mark says "watched". */
export type PlaceEpisode = { id: string; duration?: number | null; ending?: EpisodeSkip | null };

export type WatchPlace<Item> =
  /** No progress in any released episode. */
  | { kind: "unstarted" }
  /** The furthest episode with progress is unfinished: go on from its position. */
  | { kind: "continue"; episode: Item; time: number }
  /** The furthest episode with progress is watched and a later one is out: that one is next. */
  | { kind: "next"; episode: Item; watched: Item }
  /** The last released episode is watched: nothing to continue until a new one comes out. */
  | { kind: "finished"; watched: Item };

/** Watched by the player's mark, or a position past its watched threshold (the ending, else the last 10 %). */
export function isEpisodeWatched(episode: PlaceEpisode, progress: EpisodeProgress | undefined): boolean {
  if (!progress) return false;
  return progress.isWatched || isWatchedAt(progress.time, episode.duration ?? null, episode.ending ?? null);
}

/**
 * Timecodes carry no date, so the furthest episode (in watching order) with any progress stands for where the
 * viewer is: an earlier episode left half-watched does not pull them back (skipping ahead is a choice).
 */
export function watchPlace<Item extends PlaceEpisode>(
  episodesInOrder: readonly Item[],
  progress: ReadonlyMap<string, EpisodeProgress>,
): WatchPlace<Item> {
  for (let index = episodesInOrder.length - 1; index >= 0; index -= 1) {
    const episode = episodesInOrder[index]!;
    const entry = progress.get(episode.id);
    if (!entry) continue;
    if (isEpisodeWatched(episode, entry)) {
      const next = episodesInOrder[index + 1];
      return next ? { kind: "next", episode: next, watched: episode } : { kind: "finished", watched: episode };
    }
    if (entry.time > 0) return { kind: "continue", episode, time: entry.time };
  }
  return { kind: "unstarted" };
}

export type ContinuePlace<Item> = Extract<WatchPlace<Item>, { kind: "continue" | "next" }>;

/**
 * The release stays in «Продолжить просмотр» from its first progress until its last released episode is
 * watched; null otherwise, and always for a release that offers no episodes.
 */
export function continuePlace<Item extends PlaceEpisode>(
  release: { isBlockedByCopyrights: boolean },
  episodesInOrder: readonly Item[],
  progress: ReadonlyMap<string, EpisodeProgress>,
): ContinuePlace<Item> | null {
  if (!offersEpisodes(release)) return null;
  const place = watchPlace(episodesInOrder, progress);
  return place.kind === "continue" || place.kind === "next" ? place : null;
}
