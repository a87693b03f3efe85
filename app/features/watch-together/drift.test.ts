import { describe, expect, it } from "vitest";
import { correctionFor, IN_SYNC_SECONDS, MAX_RATE_NUDGE, SEEK_OVER_SECONDS, targetPosition } from "./drift";

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
});
