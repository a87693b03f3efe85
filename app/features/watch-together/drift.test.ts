import { describe, expect, it } from "vitest";
import {
  clockOffset,
  correctionFor,
  createRateFollower,
  IN_SYNC_SECONDS,
  MAX_RATE_NUDGE,
  MAX_SEEK_LEAD_SECONDS,
  nextSeekLead,
  SEEK_OVER_SECONDS,
  targetPosition,
} from "./drift";

describe("following the room's clock", () => {
  it("leaves a player within the in-sync margin alone", () => {
    expect(correctionFor(10.05, 10, 1, true)).toEqual({ kind: "none", rate: 1 });
  });

  it("slows a player a little ahead of the room and speeds up one a little behind", () => {
    const ahead = correctionFor(10.4, 10, 1, true);
    const behind = correctionFor(9.6, 10, 1.5, true);
    expect(ahead.kind).toBe("rate");
    expect(ahead.rate).toBeLessThan(1);
    expect(ahead.rate).toBeGreaterThanOrEqual(1 - MAX_RATE_NUDGE);
    expect(behind.kind).toBe("rate");
    expect(behind.rate).toBeGreaterThan(1.5);
    expect(behind.rate).toBeLessThanOrEqual(1.5 * (1 + MAX_RATE_NUDGE));
  });

  it("seeks a player far from the room", () => {
    expect(correctionFor(10 + SEEK_OVER_SECONDS + 0.01, 10, 1, true)).toEqual({ kind: "seek", position: 10, rate: 1 });
  });

  it("seeks a paused player to the room's place rather than nudging its rate", () => {
    expect(correctionFor(10 + IN_SYNC_SECONDS * 2, 10, 1, false).kind).toBe("seek");
    expect(correctionFor(10, 10, 1, false).kind).toBe("none");
  });

  it("carries the room's position forward only while its clock runs", () => {
    const view = { position: 20, running: true, playback: { rate: 2 }, now: 0 };
    expect(targetPosition(view, 1_000, 2_500)).toBe(23);
    expect(targetPosition({ ...view, running: false }, 1_000, 2_500)).toBe(20);
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

  it("places a view at the time it was made: a late delivery does not hold the room back", () => {
    // Views made at server times 1000, 2000, 3000 arrive 20, 20 and 400 ms later (browser clock = server clock).
    const offset = clockOffset([20, 20, 400]);
    expect(offset).toBe(20);
    const lateView = { position: 30, running: true, playback: { rate: 1 } };
    // At browser time 3500 the late view (made at 3000, held at 3020) is 0.48 s old, not 0.1 s.
    expect(targetPosition(lateView, 3_000 + offset, 3_500)).toBeCloseTo(30.48);
    expect(clockOffset([])).toBe(0);
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

  it("forgets the old player's changes when the <video> is replaced", () => {
    const rates = createRateFollower();
    expect(rates.correct(1, 1.1)).toBe(1.1);
    rates.reset();
    expect(rates.isOwnChange()).toBe(false);
    expect(rates.correct(1, 1.25)).toBe(1.25);
  });
});
