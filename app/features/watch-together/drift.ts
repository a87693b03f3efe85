// How a member's player follows the room's clock (decision 0262): a small drift is taken up by playing a little
// faster or slower, a large one by a seek. Pure, so the rule is tested without a browser.

/** Closer than this, the player plays at the room's rate. */
export const IN_SYNC_SECONDS = 0.04;
/**
 * Further than this, a seek (decision 0280): below it the drift is taken up by the rate, inaudibly. A player that is
 * catching up (just loaded, just sought, or the room's line just changed) has not been with the room yet: it seeks
 * over CATCH_UP_SEEK_OVER_SECONDS, since closing a few tenths of a second at 5 % would take seconds.
 */
export const SEEK_OVER_SECONDS = 2;
export const CATCH_UP_SEEK_OVER_SECONDS = 0.2;
/** The largest correction of the rate: ±5 %, the pitch kept (`preservesPitch`), not heard. */
export const MAX_RATE_NUDGE = 0.05;
/** Each second of drift changes the rate by this much (0.1 s: 5 %), up to the largest correction. */
const NUDGE_PER_SECOND = 0.5;
/** Corrections go in steps of this much, so that a drift that hardly moves does not change the rate at every tick. */
const NUDGE_STEP = 0.01;

export type Correction = { kind: "none"; rate: number } | { kind: "rate"; rate: number } | { kind: "seek"; position: number; rate: number };

/**
 * What to do when the local player is at `local` and the room at `target` (seconds), the room playing at `rate`
 * (`running` false: the room stands still, so the player only seeks when it is off). `seekLead`: how long a seek
 * takes this player to play again (seconds), see nextSeekLead. `catchingUp`: the player has not been within the
 * seek margin of a catching-up player since it loaded, sought or the room's line changed.
 */
export function correctionFor(local: number, target: number, rate: number, running: boolean, seekLead = 0, catchingUp = false): Correction {
  const drift = local - target;
  const seekOver = catchingUp ? CATCH_UP_SEEK_OVER_SECONDS : SEEK_OVER_SECONDS;
  if (Math.abs(drift) > seekOver || (!running && Math.abs(drift) > IN_SYNC_SECONDS)) {
    // A seek takes a while to play again, during which the room's clock goes on: aim where it will be by then.
    return { kind: "seek", position: running ? target + seekLead * rate : target, rate };
  }
  if (!running || Math.abs(drift) <= IN_SYNC_SECONDS) return { kind: "none", rate };
  const steps = Math.max(1, Math.round((Math.abs(drift) * NUDGE_PER_SECOND) / NUDGE_STEP));
  const nudge = Math.min(MAX_RATE_NUDGE, steps * NUDGE_STEP);
  // Ahead of the room: slower; behind it: faster.
  return { kind: "rate", rate: rate * (drift > 0 ? 1 - nudge : 1 + nudge) };
}

/** How long the largest correction may go on without taking the drift up before the player seeks instead. */
export const CORRECTION_FAILS_AFTER_MS = 3_000;

/**
 * Whether the rate cannot take a drift up: the correction has been at its largest for CORRECTION_FAILS_AFTER_MS and
 * the drift is no smaller (a player that does not keep up at the room's speed, a renderer short of CPU). Such a
 * player seeks as one that catches up, rather than drifting on towards the 2 s of a seek.
 */
export function createCorrectionWatch() {
  let atBound: { since: number; drift: number } | null = null;
  return {
    /** One tick's drift (seconds) and whether its correction was the largest; true when the rate has failed. */
    failed(drift: number, largest: boolean, now: number): boolean {
      if (!largest) {
        atBound = null;
        return false;
      }
      atBound ??= { since: now, drift: Math.abs(drift) };
      if (now - atBound.since < CORRECTION_FAILS_AFTER_MS) return false;
      const failed = Math.abs(drift) >= atBound.drift;
      atBound = null;
      return failed;
    },
    reset(): void {
      atBound = null;
    },
  };
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
    /** The member's change has been seen (its event came) and sent: the next tick may act on the rate again. */
    taken(): void {
      seen = null;
    },
    /** A new <video>: nothing of the old one's counts. */
    reset(): void {
      ownChanges = 0;
      seen = null;
    },
  };
}
