// The server's clock as a member's browser knows it (decision 0280), NTP's way: a request's round trip is timed on
// the browser's clock (sent at t0, answered at t1) and the server's time in its answer is taken to hold in the middle,
// at (t0 + t1) / 2. The error is at most half the round trip, so the sample with the shortest round trip wins.

/** Requests per sampling round: enough that one of them meets a quiet network and an idle server. */
export const CLOCK_SAMPLES = 6;

/** The views the estimate before any request is taken over. */
const VIEW_SAMPLES = 16;

export type ClockSample = { sentAt: number; serverNow: number; answeredAt: number };

/** The server's time minus the browser's by one sample, and how much it can be off (half its round trip). */
export function sampleOffset(sample: ClockSample): { offset: number; error: number } {
  return { offset: sample.serverNow - (sample.sentAt + sample.answeredAt) / 2, error: (sample.answeredAt - sample.sentAt) / 2 };
}

/**
 * The estimate of one member: samples of the latest round only (a round starts on joining, on each reconnect and on
 * coming back to the tab: a clock that slept or was set meanwhile is not judged by older samples), the quickest wins.
 */
export function createServerClock() {
  let best: { offset: number; error: number } | null = null;
  let roundBest: { offset: number; error: number } | null = null;
  // Before any request has come back: each event says the server's time it was made at and arrives a little later,
  // so the largest difference over the latest views is the offset less the quickest delivery.
  const viewDifferences: number[] = [];
  return {
    /** An event of the server's made at `serverNow` arrived at browser time `arrivedAt`. */
    addView(serverNow: number, arrivedAt: number): void {
      viewDifferences.push(serverNow - arrivedAt);
      if (viewDifferences.length > VIEW_SAMPLES) viewDifferences.shift();
    },
    /** A new round: its first sample replaces the old estimate, its quickest one stays. */
    beginRound(): void {
      roundBest = null;
    },
    add(sample: ClockSample): void {
      if (!(sample.answeredAt >= sample.sentAt) || !Number.isFinite(sample.serverNow)) return;
      const measured = sampleOffset(sample);
      if (!roundBest || measured.error < roundBest.error) roundBest = measured;
      best = roundBest;
    },
    /** The server's time minus the browser's: by the quickest request of the round, else by the views. */
    offset(): number {
      if (best) return best.offset;
      return viewDifferences.length > 0 ? Math.max(...viewDifferences) : 0;
    },
    /** Half the quickest round trip: how far the estimate may be off, and about how long a command takes to arrive. */
    oneWay(): number | null {
      return best?.error ?? null;
    },
  };
}

export type ServerClock = ReturnType<typeof createServerClock>;
