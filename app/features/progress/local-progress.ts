// The locally persisted watch progress: a visitor's timecodes (docs/product.md#states) and the releases they are in the middle of.
import { browserStorage, readJson, writeJson, type KeyValueStorage } from "./browser-storage";

export const LOCAL_PROGRESS_KEY = "progress:v1";
export const MAX_LOCAL_TIMECODES = 1000;
export const MAX_RECENT_RELEASES = 20;

export type StoredTimecode = { time: number; isWatched: boolean; updatedAt: number };

/** An episode as a "continue watching" card needs it. */
export type RecentEpisode = { id: string; ordinal: number | null; duration: number | null };

/** Enough to show a "continue watching" card without asking the server. */
export type RecentRelease = {
  releaseId: number;
  alias: string;
  title: string;
  poster: string | null;
  episodeId: string;
  episodeOrdinal: number | null;
  time: number;
  duration: number | null;
  isWatched: boolean;
  updatedAt: number;
  /** The episode after this one when it was played (null: it was the last one out), so a watched one leads on. */
  nextEpisode: RecentEpisode | null;
};

export type LocalProgress = { timecodes: Record<string, StoredTimecode>; recent: RecentRelease[] };

export const EMPTY_PROGRESS: LocalProgress = { timecodes: {}, recent: [] };

function isFiniteNumber(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

function storedTimecodeOf(value: unknown): StoredTimecode | null {
  if (!value || typeof value !== "object") return null;
  const entry = value as Record<string, unknown>;
  if (!isFiniteNumber(entry.time) || entry.time < 0 || !isFiniteNumber(entry.updatedAt)) return null;
  return { time: entry.time, isWatched: entry.isWatched === true, updatedAt: entry.updatedAt };
}

function recentEpisodeOf(value: unknown): RecentEpisode | null {
  if (!value || typeof value !== "object") return null;
  const entry = value as Record<string, unknown>;
  if (typeof entry.id !== "string") return null;
  return {
    id: entry.id,
    ordinal: isFiniteNumber(entry.ordinal) ? entry.ordinal : null,
    duration: isFiniteNumber(entry.duration) ? entry.duration : null,
  };
}

function recentReleaseOf(value: unknown): RecentRelease | null {
  if (!value || typeof value !== "object") return null;
  const entry = value as Record<string, unknown>;
  if (!isFiniteNumber(entry.releaseId) || typeof entry.alias !== "string" || typeof entry.title !== "string") return null;
  if (typeof entry.episodeId !== "string" || !isFiniteNumber(entry.time) || !isFiniteNumber(entry.updatedAt)) return null;
  return {
    releaseId: entry.releaseId,
    alias: entry.alias,
    title: entry.title,
    poster: typeof entry.poster === "string" ? entry.poster : null,
    episodeId: entry.episodeId,
    episodeOrdinal: isFiniteNumber(entry.episodeOrdinal) ? entry.episodeOrdinal : null,
    time: entry.time,
    duration: isFiniteNumber(entry.duration) ? entry.duration : null,
    isWatched: entry.isWatched === true,
    updatedAt: entry.updatedAt,
    nextEpisode: recentEpisodeOf(entry.nextEpisode),
  };
}

/** Anything read from storage becomes valid progress; broken entries are dropped one by one. */
export function parseLocalProgress(value: unknown): LocalProgress {
  if (!value || typeof value !== "object") return EMPTY_PROGRESS;
  const source = value as { timecodes?: unknown; recent?: unknown };
  const timecodes: Record<string, StoredTimecode> = {};
  if (source.timecodes && typeof source.timecodes === "object") {
    for (const [episodeId, raw] of Object.entries(source.timecodes)) {
      const entry = storedTimecodeOf(raw);
      if (entry) timecodes[episodeId] = entry;
    }
  }
  const recent = Array.isArray(source.recent)
    ? source.recent.map(recentReleaseOf).filter((entry): entry is RecentRelease => entry !== null)
    : [];
  return { timecodes, recent };
}

/** Adds or replaces one episode's timecode (and its release's recent card), keeping the newest within the caps. */
export function withTimecode(
  progress: LocalProgress,
  episodeId: string,
  entry: StoredTimecode,
  release: (Omit<RecentRelease, "episodeId" | "time" | "isWatched" | "updatedAt" | "duration"> & { duration: number | null }) | null,
): LocalProgress {
  const timecodes = { ...progress.timecodes, [episodeId]: entry };
  const ids = Object.keys(timecodes);
  if (ids.length > MAX_LOCAL_TIMECODES) {
    ids
      .sort((a, b) => (timecodes[a]?.updatedAt ?? 0) - (timecodes[b]?.updatedAt ?? 0))
      .slice(0, ids.length - MAX_LOCAL_TIMECODES)
      .forEach((id) => delete timecodes[id]);
  }
  let recent = progress.recent;
  if (release) {
    const card: RecentRelease = { ...release, episodeId, time: entry.time, isWatched: entry.isWatched, updatedAt: entry.updatedAt };
    recent = [card, ...progress.recent.filter((item) => item.releaseId !== release.releaseId)].slice(0, MAX_RECENT_RELEASES);
  }
  return { timecodes, recent };
}

export function withoutTimecode(progress: LocalProgress, episodeId: string): LocalProgress {
  const { [episodeId]: _removed, ...timecodes } = progress.timecodes;
  return { timecodes, recent: progress.recent.filter((item) => item.episodeId !== episodeId) };
}

export function loadLocalProgress(storage: KeyValueStorage | null = browserStorage()): LocalProgress {
  return parseLocalProgress(readJson(storage, LOCAL_PROGRESS_KEY));
}

export function saveLocalProgress(progress: LocalProgress, storage: KeyValueStorage | null = browserStorage()): boolean {
  return writeJson(storage, LOCAL_PROGRESS_KEY, progress);
}
