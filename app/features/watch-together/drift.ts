// How a member's player follows the room's clock (decision 0262): a small drift is taken up by playing a little
// faster or slower, a large one by a seek. Pure, so the rule is tested without a browser.

/** Closer than this, the player plays at the room's rate. */
export const IN_SYNC_SECONDS = 0.1;
/** Further than this, a seek; in between, a rate correction. */
export const SEEK_OVER_SECONDS = 0.75;
/** The largest correction of the rate (±20 %, the pitch kept by the browser: catches up 0.5 s in about 3 s). */
export const MAX_RATE_NUDGE = 0.2;
/** Each second of drift changes the rate by this much, up to the largest correction. */
const NUDGE_PER_SECOND = 1;

export type Correction = { kind: "none"; rate: number } | { kind: "rate"; rate: number } | { kind: "seek"; position: number; rate: number };

/**
 * What to do when the local player is at `local` and the room at `target` (seconds), the room playing at `rate`
 * (`running` false: the room stands still, so the player only seeks when it is far off). `seekLead`: how long a seek
 * takes this player to play again (seconds), see nextSeekLead.
 */
export function correctionFor(local: number, target: number, rate: number, running: boolean, seekLead = 0): Correction {
  const drift = local - target;
  if (Math.abs(drift) > SEEK_OVER_SECONDS || (!running && Math.abs(drift) > IN_SYNC_SECONDS)) {
    // A seek takes a while to play again, during which the room's clock goes on: aim where it will be by then.
    return { kind: "seek", position: running ? target + seekLead * rate : target, rate };
  }
  if (!running || Math.abs(drift) <= IN_SYNC_SECONDS) return { kind: "none", rate };
  const nudge = Math.min(MAX_RATE_NUDGE, Math.abs(drift) * NUDGE_PER_SECOND);
  // Ahead of the room: slower; behind it: faster.
  return { kind: "rate", rate: rate * (drift > 0 ? 1 - nudge : 1 + nudge) };
}

/**
 * Where the room is at the browser's time `clientNow`, from a view whose position held at browser time `heldAt`:
 * the view's position carried forward while its clock runs.
 */
export function targetPosition(
  view: { position: number; running: boolean; playback: { rate: number } },
  heldAt: number,
  clientNow: number,
): number {
  if (!view.running) return view.position;
  return view.position + ((clientNow - heldAt) * view.playback.rate) / 1000;
}

/** The longest a seek is assumed to take: a player slower than that is the buffering wait's to handle. */
export const MAX_SEEK_LEAD_SECONDS = 1.5;

/**
 * The seek lead after a seek that left the player `driftAfter` seconds from the room once it played again (negative:
 * behind): the lead the seek had, corrected by what it missed, so the next seek lands closer.
 */
export function nextSeekLead(lead: number, driftAfter: number): number {
  return Math.min(MAX_SEEK_LEAD_SECONDS, Math.max(0, lead - driftAfter));
}

/** How many of the latest views the clock offset is taken over. */
export const OFFSET_SAMPLES = 16;

/**
 * The browser's clock minus the server's, as far as the views tell: each view says the server's time it was made at
 * and arrives some time later, so the smallest difference over the latest views is the offset plus the quickest
 * delivery. A view delivered late (a busy process, the relay, Redis) is then placed at the time it was made, not the
 * time it arrived, and its position carried forward from there.
 */
export function clockOffset(samples: readonly number[]): number {
  return samples.length === 0 ? 0 : Math.min(...samples);
}

const SAME_RATE = 0.001;

/**
 * Which of the player's speed changes are the sync loop's own and which the member's. Setting `playbackRate` fires
 * its `ratechange` later, as a queued task, so a change is counted when made, not compared by value (a member's new
 * speed may be the very rate a correction had set: 1.25 slowed by 20 % is 1). And a tick that runs between a
 * member's change and its event leaves that change alone for one tick: undoing it there, the loop took the member's
 * event for its own and its own for the member's, and the member's 1.25× was lost.
 */
export function createRateFollower() {
  let ownChanges = 0;
  let seen: number | null = null;
  return {
    /** The rate a tick sets on a player now at `current` for a room that wants `wanted`; null to leave it as it is. */
    correct(current: number, wanted: number): number | null {
      const changedSinceLastTick = seen !== null && Math.abs(current - seen) > SAME_RATE;
      seen = current;
      if (changedSinceLastTick || Math.abs(current - wanted) <= SAME_RATE) return null;
      ownChanges += 1;
      seen = wanted;
      return wanted;
    },
    /** Whether a `ratechange` event is the loop's own change (each counted once). */
    isOwnChange(): boolean {
      if (ownChanges === 0) return false;
      ownChanges -= 1;
      return true;
    },
    /** A new <video>: nothing of the old one's counts. */
    reset(): void {
      ownChanges = 0;
      seen = null;
    },
  };
}
