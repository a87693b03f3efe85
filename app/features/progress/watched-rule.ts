// When an episode counts as watched, and where playback resumes.
import type { EpisodeSkip } from "~/domain/release";

/** The last seconds that count as "the end" when the episode has no ending range. */
export const END_MARGIN_SECONDS = 120;
/** Below this much watched time a position is not worth keeping (a stray click on the wrong episode). */
export const MIN_SAVED_SECONDS = 5;

/**
 * Watched once the playhead reaches the ending's start (credits), or, without an ending range, the last
 * 10 % of the episode (at most the last two minutes). A marker earlier than half the episode is not
 * trusted.
 */
export function isWatchedAt(time: number, duration: number | null, ending: EpisodeSkip | null): boolean {
  if (!duration || !(duration > 0)) return false;
  const endingStart = ending?.start ?? null;
  if (endingStart !== null && endingStart >= duration / 2 && endingStart < duration) return time >= endingStart;
  return time >= duration - Math.min(END_MARGIN_SECONDS, duration * 0.1);
}

/** Where to start: the saved position, or the beginning for a watched episode or one saved at its very end. */
export function resumePosition(saved: { time: number; isWatched: boolean } | null, duration: number | null): number {
  if (!saved || saved.isWatched || !(saved.time >= MIN_SAVED_SECONDS)) return 0;
  if (duration && saved.time >= duration - 3) return 0;
  return saved.time;
}
