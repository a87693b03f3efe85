import { describe, expect, it } from "vitest";
import {
  CATCH_UP_SEEK_OVER_SECONDS,
  correctionFor,
  CORRECTION_FAILS_AFTER_MS,
  createCorrectionWatch,
  createRateFollower,
  IN_SYNC_SECONDS,
  MAX_RATE_NUDGE,
  MAX_SEEK_LEAD_SECONDS,
  nextSeekLead,
  SEEK_OVER_SECONDS,
} from "./drift";

describe("following the room's clock", () => {
  it("leaves a player within the in-sync margin alone", () => {
    expect(correctionFor(10.03, 10, 1, true)).toEqual({ kind: "none", rate: 1 });
  });

  it("takes up a steady drift by at most 5 % of the room's rate, never more however far off", () => {
    for (const drift of [0.05, 0.1, 0.3, 1, 1.9]) {
      const ahead = correctionFor(10 + drift, 10, 1, true);
      const behind = correctionFor(10 - drift, 10, 1.5, true);
      expect(ahead.kind).toBe("rate");
      expect(ahead.rate).toBeLessThan(1);
      expect(ahead.rate).toBeGreaterThanOrEqual(1 - MAX_RATE_NUDGE - 1e-9);
      expect(behind.kind).toBe("rate");
      expect(behind.rate).toBeGreaterThan(1.5);
      expect(behind.rate).toBeLessThanOrEqual(1.5 * (1 + MAX_RATE_NUDGE) + 1e-9);
    }
    expect(MAX_RATE_NUDGE).toBe(0.05);
  });

  it("corrects a small drift gently and in steps, so the rate does not change at every tick", () => {
    expect(correctionFor(10.05, 10, 1, true).rate).toBeCloseTo(0.97);
    expect(correctionFor(10.055, 10, 1, true).rate).toBeCloseTo(0.97);
    expect(correctionFor(10.5, 10, 1, true).rate).toBeCloseTo(0.95);
  });

  it("seeks a playing player only over about 2 s off once it has been with the room", () => {
    expect(SEEK_OVER_SECONDS).toBe(2);
    expect(correctionFor(10 + SEEK_OVER_SECONDS - 0.01, 10, 1, true).kind).toBe("rate");
    expect(correctionFor(10 + SEEK_OVER_SECONDS + 0.01, 10, 1, true)).toEqual({ kind: "seek", position: 10, rate: 1 });
    expect(correctionFor(10 - SEEK_OVER_SECONDS - 0.01, 10, 1, true).kind).toBe("seek");
  });

  it("seeks a player that is catching up (just loaded, sought, or the room's line changed) over a few tenths", () => {
    expect(correctionFor(10 + CATCH_UP_SEEK_OVER_SECONDS + 0.01, 10, 1, true, 0, true).kind).toBe("seek");
    expect(correctionFor(10 + CATCH_UP_SEEK_OVER_SECONDS - 0.01, 10, 1, true, 0, true).kind).toBe("rate");
  });

  it("gives up the rate for a seek when the largest correction has not taken the drift up for a while", () => {
    const watch = createCorrectionWatch();
    expect(watch.failed(0.6, true, 0)).toBe(false);
    expect(watch.failed(0.7, true, CORRECTION_FAILS_AFTER_MS - 1)).toBe(false);
    expect(watch.failed(0.7, true, CORRECTION_FAILS_AFTER_MS)).toBe(true);
    // Shrinking under the correction: it works, no seek.
    expect(watch.failed(0.6, true, 10_000)).toBe(false);
    expect(watch.failed(0.5, true, 10_000 + CORRECTION_FAILS_AFTER_MS)).toBe(false);
    // A smaller correction in between starts the watch again.
    expect(watch.failed(0.6, true, 20_000)).toBe(false);
    expect(watch.failed(0.1, false, 21_000)).toBe(false);
    expect(watch.failed(0.7, true, 20_000 + CORRECTION_FAILS_AFTER_MS)).toBe(false);
  });

  it("seeks a paused player to the room's place rather than nudging its rate", () => {
    expect(correctionFor(10 + IN_SYNC_SECONDS * 2, 10, 1, false).kind).toBe("seek");
    expect(correctionFor(10, 10, 1, false).kind).toBe("none");
  });

  it("aims a seek ahead of a running room by the time a seek takes, and exactly at a standing one", () => {
    expect(correctionFor(2, 10, 1.5, true, 0.4)).toEqual({ kind: "seek", position: 10.6, rate: 1.5 });
    expect(correctionFor(2, 10, 1.5, false, 0.4)).toEqual({ kind: "seek", position: 10, rate: 1.5 });
  });

  it("learns the seek lead from where the last seek landed, within bounds", () => {
    // Landed 0.3 s behind the room with no lead: next time, 0.3 s ahead.
    expect(nextSeekLead(0, -0.3)).toBeCloseTo(0.3);
    // Landed 0.1 s ahead with a lead of 0.3: a little less next time.
    expect(nextSeekLead(0.3, 0.1)).toBeCloseTo(0.2);
    expect(nextSeekLead(0.2, 0.5)).toBe(0);
    expect(nextSeekLead(1, -5)).toBe(MAX_SEEK_LEAD_SECONDS);
  });
});

describe("telling the loop's speed changes from the member's", () => {
  it("counts its own change once, so a member's next change is the member's even at the same rate", () => {
    const rates = createRateFollower();
    expect(rates.correct(1.25, 1)).toBe(1);
    expect(rates.isOwnChange()).toBe(true);
    expect(rates.correct(1, 1)).toBeNull();
    // The member picks 1 again (or 1.25 slowed by 20 %): not the loop's.
    expect(rates.isOwnChange()).toBe(false);
  });

  it("leaves a member's change alone when a tick runs before its event, and the event stays the member's", () => {
    const rates = createRateFollower();
    expect(rates.correct(1, 1)).toBeNull();
    // The member sets 1.25×; its ratechange is still queued when the next tick runs, the room still at 1.
    expect(rates.correct(1.25, 1)).toBeNull();
    expect(rates.isOwnChange()).toBe(false);
    // The room took it: nothing to correct.
    expect(rates.correct(1.25, 1.25)).toBeNull();
  });

  it("takes the room's rate back on the next tick when the member's change was not taken (a guest who may not)", () => {
    const rates = createRateFollower();
    expect(rates.correct(1, 1)).toBeNull();
    expect(rates.correct(1.5, 1)).toBeNull();
    expect(rates.isOwnChange()).toBe(false);
    expect(rates.correct(1.5, 1)).toBe(1);
    expect(rates.isOwnChange()).toBe(true);
  });

  it("acts again at once on a member's change once its event has been seen and sent", () => {
    const rates = createRateFollower();
    expect(rates.correct(1, 1)).toBeNull();
    // The member's 1.25×, its event seen and sent: the room still at 1 until the change acts.
    expect(rates.isOwnChange()).toBe(false);
    rates.taken();
    expect(rates.correct(1.25, 1)).toBe(1);
    expect(rates.correct(1, 1.25)).toBe(1.25);
  });

  it("forgets the old player's changes when the <video> is replaced", () => {
    const rates = createRateFollower();
    expect(rates.correct(1, 1.1)).toBe(1.1);
    rates.reset();
    expect(rates.isOwnChange()).toBe(false);
    expect(rates.correct(1, 1.25)).toBe(1.25);
  });
});
