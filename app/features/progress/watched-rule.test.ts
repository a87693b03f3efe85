import { describe, expect, it } from "vitest";
import { isWatchedAt, resumePosition } from "./watched-rule";

describe("the watched rule", () => {
  it("counts an episode watched from the ending's start", () => {
    const ending = { start: 1320, stop: 1410 };
    expect(isWatchedAt(1319, 1440, ending)).toBe(false);
    expect(isWatchedAt(1320, 1440, ending)).toBe(true);
  });

  it("uses the last 10 % (at most two minutes) without a usable ending", () => {
    expect(isWatchedAt(1319, 1440, null)).toBe(false);
    expect(isWatchedAt(1320, 1440, { start: null, stop: null })).toBe(true);
    expect(isWatchedAt(21, 24, null)).toBe(false);
    expect(isWatchedAt(21.6, 24, null)).toBe(true);
    // An ending marked in the first half is a data error, not the credits.
    expect(isWatchedAt(100, 1440, { start: 100, stop: 190 })).toBe(false);
  });

  it("never counts an episode of unknown length", () => {
    expect(isWatchedAt(5000, null, null)).toBe(false);
    expect(isWatchedAt(5000, 0, null)).toBe(false);
  });

  it("resumes where the viewer stopped, else from the start", () => {
    expect(resumePosition({ time: 600, isWatched: false }, 1440)).toBe(600);
    expect(resumePosition({ time: 600, isWatched: true }, 1440)).toBe(0);
    expect(resumePosition({ time: 2, isWatched: false }, 1440)).toBe(0);
    expect(resumePosition({ time: 1439, isWatched: false }, 1440)).toBe(0);
    expect(resumePosition(null, 1440)).toBe(0);
  });
});
