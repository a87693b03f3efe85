// Messages between pages and the worker about saved episodes (docs/decisions/0200). Relative imports only.
import type { SavedEpisode } from "./download-state";
import type { PlayerEpisode, PlayerRelease } from "../video-engine/player-data";
import { RENDITION_HEIGHTS, type RenditionHeight } from "../video-engine/renditions";

export const OFFLINE_EPISODES_CACHE = "offline-episodes-v1";
export const OFFLINE_EPISODES_DATABASE = "offline-episodes";
/** The worker announces every change of a record here; pages re-read the records. */
export const OFFLINE_EPISODES_CHANNEL = "offline-episodes";

export type DownloadCommand =
  | {
      type: "offline-download:start";
      episode: PlayerEpisode;
      release: PlayerRelease | null;
      height: RenditionHeight;
      playlistUrl: string;
      estimatedBytes: number;
    }
  | { type: "offline-download:pause"; episodeId: string }
  | { type: "offline-download:resume"; episodeId: string }
  /** Cancels a download or deletes a saved episode: the record and every saved file go. */
  | { type: "offline-download:delete"; episodeId: string }
  /** A page opened: downloads the worker was stopped in the middle of carry on. */
  | { type: "offline-download:continue" };

/**
 * `unstored`: the record as it stands when not even it fitted in the browser's storage (out of space at once): the
 * pages show it until the next notice for the episode.
 */
export type DownloadNotice = { type: "offline-download:changed"; episodeId: string; unstored?: SavedEpisode };

/** The record a notice carries for its episode, if any (a page trusts nothing it receives either). */
export function unstoredRecordOf(data: unknown): { episodeId: string; unstored: SavedEpisode | null } | null {
  if (typeof data !== "object" || data === null) return null;
  const notice = data as Record<string, unknown>;
  if (notice.type !== "offline-download:changed" || typeof notice.episodeId !== "string") return null;
  const record = notice.unstored as Record<string, unknown> | undefined;
  const carried = typeof record === "object" && record !== null && record.episodeId === notice.episodeId;
  return { episodeId: notice.episodeId, unstored: carried ? (record as SavedEpisode) : null };
}

const COMMAND_TYPES = new Set([
  "offline-download:start",
  "offline-download:pause",
  "offline-download:resume",
  "offline-download:delete",
  "offline-download:continue",
]);

/** A structural check of what a page posted (the worker trusts nothing it receives). */
export function isDownloadCommand(data: unknown): data is DownloadCommand {
  if (typeof data !== "object" || data === null) return false;
  const message = data as Record<string, unknown>;
  if (typeof message.type !== "string" || !COMMAND_TYPES.has(message.type)) return false;
  if (message.type === "offline-download:continue") return true;
  if (message.type !== "offline-download:start") return typeof message.episodeId === "string" && message.episodeId !== "";
  const episode = message.episode as Record<string, unknown> | null;
  return (
    typeof episode === "object" &&
    episode !== null &&
    typeof episode.id === "string" &&
    episode.id !== "" &&
    (RENDITION_HEIGHTS as readonly unknown[]).includes(message.height) &&
    typeof message.playlistUrl === "string" &&
    typeof message.estimatedBytes === "number" &&
    (message.release === null || typeof message.release === "object")
  );
}
