// One "continue watching" card, from the account's view history or from this browser's own progress.
import type { ViewHistoryEntry } from "~/domain/account";
import { imageSource } from "~/domain/image";
import { releaseTitle } from "~/domain/release";
import type { RecentRelease } from "./local-progress";

export type ContinueItem = {
  releaseId: number;
  alias: string;
  title: string;
  poster: string | null;
  episodeId: string;
  episodeOrdinal: number | null;
  time: number;
  duration: number | null;
};

export const CONTINUE_WATCHING_LIMIT = 12;

export function continueItemFromHistory(entry: ViewHistoryEntry): ContinueItem | null {
  if (!entry.release || !entry.episode || entry.isWatched) return null;
  return {
    releaseId: entry.release.id,
    alias: entry.release.alias,
    title: releaseTitle(entry.release),
    poster: imageSource(entry.release.poster, "thumbnail"),
    episodeId: entry.episode.id,
    episodeOrdinal: entry.episode.ordinal,
    time: entry.time,
    duration: entry.episode.duration,
  };
}

export function continueItemFromLocal(entry: RecentRelease): ContinueItem {
  return {
    releaseId: entry.releaseId,
    alias: entry.alias,
    title: entry.title,
    poster: entry.poster,
    episodeId: entry.episodeId,
    episodeOrdinal: entry.episodeOrdinal,
    time: entry.time,
    duration: entry.duration,
  };
}
