// Opening and ending ranges: which one the playhead is in, where to jump, and where to mark them on the seek bar.
import type { EpisodeSkip } from "~/domain/release";

export type SkipKind = "opening" | "ending";

/**
 * Dispatched on the <video> just before a skip's seek (its button, its key or auto-skip), so that a watch-together
 * room takes the skip for everyone (decision 0280) although auto-skip is no gesture of the viewer's.
 */
export const PLAYER_SKIP_EVENT = "player-skip";
export type PlayerSkipDetail = { kind: SkipKind; position: number };
/**
 * Dispatched on the <video> just before a seek the viewer asked for (a key, the seek bar, a button, the system's media
 * keys), so that a watch-together room knows it for the viewer's at once, whenever it comes: the seeks the player
 * makes on its own (its resume seek as the stream starts) are not announced.
 */
export const PLAYER_SEEK_EVENT = "player-seek";
export type PlayerSeekDetail = { position: number };
/**
 * Dispatched on the <video>, cancelable, when the viewer toggles play (a key, the button, a tap on the picture) and
 * before the player acts on it. `wants` is what the paused <video> makes of the toggle; a watch-together room that
 * holds the player still for a change about to act knows the room plays, takes the toggle for a pause and cancels it.
 */
export const PLAYER_TOGGLE_EVENT = "player-toggle";
export type PlayerToggleDetail = { wants: "play" | "pause" };
export type SkipRange = { kind: SkipKind; start: number; stop: number };

/** Only ranges with both ends and a positive length; `stop` is clamped to the duration when known. */
export function skipRangesOf(episode: { opening: EpisodeSkip | null; ending: EpisodeSkip | null }, duration: number | null): SkipRange[] {
  const ranges: SkipRange[] = [];
  for (const kind of ["opening", "ending"] as const) {
    const range = episode[kind];
    if (!range || range.start === null || range.stop === null) continue;
    const start = Math.max(0, range.start);
    const stop = duration && duration > 0 ? Math.min(range.stop, duration) : range.stop;
    if (stop > start) ranges.push({ kind, start, stop });
  }
  return ranges;
}

/** The range the playhead is in (start inclusive, stop exclusive), if any. */
export function activeSkipRange(ranges: readonly SkipRange[], time: number): SkipRange | null {
  return ranges.find((range) => time >= range.start && time < range.stop) ?? null;
}

/**
 * Whether auto-skip should jump now. Each range is skipped at most once per episode load: a viewer who
 * seeks back into it wants to see it.
 */
export function shouldAutoSkip(
  range: SkipRange | null,
  settings: { autoSkipOpening: boolean; autoSkipEnding: boolean },
  alreadySkipped: ReadonlySet<SkipKind>,
): boolean {
  if (!range || alreadySkipped.has(range.kind)) return false;
  return range.kind === "opening" ? settings.autoSkipOpening : settings.autoSkipEnding;
}

/** Left offset and width on the seek bar, in percent of the duration. */
export function rangeMarker(range: SkipRange, duration: number): { left: number; width: number } | null {
  if (!(duration > 0)) return null;
  const left = (Math.min(range.start, duration) / duration) * 100;
  const right = (Math.min(range.stop, duration) / duration) * 100;
  return right > left ? { left, width: right - left } : null;
}
