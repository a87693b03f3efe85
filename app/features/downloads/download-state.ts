// A saved episode's record (kept in IndexedDB) and how a download moves between its states (docs/decisions/0200).
// Pure: the worker applies the events, the page only reads. Relative imports only (the worker bundle has no aliases).
import type { PlayerEpisode, PlayerRelease } from "../video-engine/player-data";
import type { RenditionHeight } from "../video-engine/renditions";

export type DownloadPhase = "downloading" | "paused" | "complete" | "failed";

export type DownloadFailure = { kind: "quota"; needed: number; available: number } | { kind: "network" } | { kind: "playlist" };

export type SavedEpisode = {
  episodeId: string;
  /** The rendition saved (one per episode). */
  height: RenditionHeight;
  /** What the player needs to show the episode without its page's data. */
  episode: PlayerEpisode;
  release: PlayerRelease | null;
  sources: string[];
  localPlaylist: string;
  duration: number;
  estimatedBytes: number;
  /** Files saved so far, in order: a resumed download starts at this index. */
  savedParts: number;
  /** Bytes saved so far. */
  bytes: number;
  phase: DownloadPhase;
  failure: DownloadFailure | null;
  updatedAt: number;
};

export type DownloadEvent =
  /** `index` is the file's place in `sources`: a late answer for a file already counted changes nothing. */
  | { type: "part-saved"; index: number; bytes: number }
  | { type: "pause" }
  | { type: "resume" }
  | { type: "fail"; failure: DownloadFailure };

/** The next record, or the same one when the event does not apply in this phase (a pause after completion). */
export function applyDownloadEvent(record: SavedEpisode, event: DownloadEvent, now: number): SavedEpisode {
  switch (event.type) {
    case "part-saved": {
      if (record.phase !== "downloading" || record.savedParts !== event.index || event.index >= record.sources.length) return record;
      const savedParts = record.savedParts + 1;
      return {
        ...record,
        savedParts,
        bytes: record.bytes + Math.max(0, event.bytes),
        phase: savedParts === record.sources.length ? "complete" : "downloading",
        updatedAt: now,
      };
    }
    case "pause":
      return record.phase === "downloading" ? { ...record, phase: "paused", updatedAt: now } : record;
    case "resume":
      return record.phase === "paused" || record.phase === "failed"
        ? { ...record, phase: "downloading", failure: null, updatedAt: now }
        : record;
    case "fail":
      return record.phase === "downloading" ? { ...record, phase: "failed", failure: event.failure, updatedAt: now } : record;
  }
}

/** Whole percent saved: 100 only once every file is in. */
export function downloadPercent(record: Pick<SavedEpisode, "savedParts" | "sources">): number {
  if (record.sources.length === 0) return 0;
  return Math.floor((record.savedParts / record.sources.length) * 100);
}

/** The bytes the rest of the download will need: the estimate scaled by what is left, never below zero. */
export function remainingBytes(record: Pick<SavedEpisode, "savedParts" | "sources" | "estimatedBytes" | "bytes">): number {
  const left = record.sources.length - record.savedParts;
  if (left <= 0) return 0;
  const perPart = record.savedParts > 0 ? record.bytes / record.savedParts : record.estimatedBytes / record.sources.length;
  return Math.ceil(perPart * left);
}
