// How a member's player follows the room's clock (decision 0262): a small drift is taken up by playing a little
// faster or slower, a large one by a seek. Pure, so the rule is tested without a browser.

/** Closer than this, the player plays at the room's rate. */
export const IN_SYNC_SECONDS = 0.1;
/** Further than this, a seek; in between, a rate correction. */
export const SEEK_OVER_SECONDS = 0.75;
/** The largest correction of the rate (±20 %, the pitch kept by the browser: catches up 0.5 s in about 3 s). */
export const MAX_RATE_NUDGE = 0.2;
/** Each second of drift changes the rate by this much, up to the largest correction. */
const NUDGE_PER_SECOND = 0.5;

export type Correction = { kind: "none"; rate: number } | { kind: "rate"; rate: number } | { kind: "seek"; position: number; rate: number };

/**
 * What to do when the local player is at `local` and the room at `target` (seconds), the room playing at `rate`
 * (`running` false: the room stands still, so the player only seeks when it is far off).
 */
export function correctionFor(local: number, target: number, rate: number, running: boolean): Correction {
  const drift = local - target;
  if (Math.abs(drift) > SEEK_OVER_SECONDS || (!running && Math.abs(drift) > IN_SYNC_SECONDS)) {
    return { kind: "seek", position: target, rate };
  }
  if (!running || Math.abs(drift) <= IN_SYNC_SECONDS) return { kind: "none", rate };
  const nudge = Math.min(MAX_RATE_NUDGE, Math.abs(drift) * NUDGE_PER_SECOND);
  // Ahead of the room: slower; behind it: faster.
  return { kind: "rate", rate: rate * (drift > 0 ? 1 - nudge : 1 + nudge) };
}

/**
 * Where the room is at the browser's time `clientNow`, from a view made at server time `view.now` and received at
 * `receivedAt` (browser time): the view's position carried forward while its clock runs.
 */
export function targetPosition(
  view: { position: number; running: boolean; playback: { rate: number }; now: number },
  receivedAt: number,
  clientNow: number,
): number {
  if (!view.running) return view.position;
  return view.position + ((clientNow - receivedAt) * view.playback.rate) / 1000;
}
