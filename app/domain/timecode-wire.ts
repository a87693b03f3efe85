// The upstream's timecode list on the wire, written and read the same way by the browser (through the same-origin
// proxy) and by the server's API client. Plain code, no zod: it ships in the player's bundle.
import type { TimecodeEntry } from "./account";

/** What `POST /accounts/users/me/views/timecodes` takes: one object per episode. */
export type TimecodeWireEntry = { time: number; is_watched: boolean; release_episode_id: string };

export function toTimecodeWire(entries: readonly TimecodeEntry[]): TimecodeWireEntry[] {
  return entries.map((entry) => ({ time: entry.time, is_watched: entry.isWatched, release_episode_id: entry.releaseEpisodeId }));
}

function readEpisodeId(value: unknown): string | null {
  if (typeof value === "string") return value === "" ? null : value;
  return typeof value === "number" && Number.isFinite(value) ? String(value) : null;
}

function readEntry(releaseEpisodeId: unknown, time: unknown, isWatched: unknown): TimecodeEntry | null {
  const id = readEpisodeId(releaseEpisodeId);
  if (id === null || typeof time !== "number" || !Number.isFinite(time)) return null;
  return { releaseEpisodeId: id, time, isWatched: isWatched === true };
}

/**
 * One item of the list the upstream answers: the live tuple `[release_episode_id, time, is_watched, …]` or the
 * document's object `{release_episode_id, time, is_watched}`. `null` when it is neither.
 */
export function readTimecodeWireEntry(item: unknown): TimecodeEntry | null {
  if (Array.isArray(item)) return readEntry(item[0], item[1], item[2]);
  if (item === null || typeof item !== "object") return null;
  const entry = item as { release_episode_id?: unknown; time?: unknown; is_watched?: unknown };
  return readEntry(entry.release_episode_id, entry.time, entry.is_watched);
}

/** The whole answer, a bare array or `{data: [...]}`, skipping what it cannot read (the browser's lenient reading). */
export function readTimecodeWireList(body: unknown): TimecodeEntry[] {
  const items = Array.isArray(body)
    ? body
    : body !== null && typeof body === "object" && Array.isArray((body as { data?: unknown }).data)
      ? (body as { data: unknown[] }).data
      : [];
  return items.map(readTimecodeWireEntry).filter((entry) => entry !== null);
}
