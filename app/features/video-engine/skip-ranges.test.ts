import { describe, expect, it } from "vitest";
import { activeSkipRange, rangeMarker, shouldAutoSkip, skipRangesOf } from "./skip-ranges";

const episode = { opening: { start: 2, stop: 8 }, ending: { start: 18, stop: 30 } };

describe("skip ranges", () => {
  it("keep only complete ranges and clamp them to the duration", () => {
    expect(skipRangesOf(episode, 24)).toEqual([
      { kind: "opening", start: 2, stop: 8 },
      { kind: "ending", start: 18, stop: 24 },
    ]);
    expect(skipRangesOf({ opening: { start: null, stop: 8 }, ending: { start: 10, stop: 10 } }, 24)).toEqual([]);
    expect(skipRangesOf({ opening: null, ending: null }, null)).toEqual([]);
  });

  it("find the range the playhead is in", () => {
    const ranges = skipRangesOf(episode, 24);
    expect(activeSkipRange(ranges, 1.9)).toBeNull();
    expect(activeSkipRange(ranges, 2)?.kind).toBe("opening");
    expect(activeSkipRange(ranges, 8)).toBeNull();
    expect(activeSkipRange(ranges, 23.9)?.kind).toBe("ending");
  });

  it("auto-skip each range once, only when its setting is on", () => {
    const [opening, ending] = skipRangesOf(episode, 24);
    const settings = { autoSkipOpening: true, autoSkipEnding: false };
    expect(shouldAutoSkip(opening!, settings, new Set())).toBe(true);
    expect(shouldAutoSkip(opening!, settings, new Set(["opening"]))).toBe(false);
    expect(shouldAutoSkip(ending!, settings, new Set())).toBe(false);
    expect(shouldAutoSkip(null, settings, new Set())).toBe(false);
  });

  it("mark the ranges on the seek bar in percent", () => {
    const [opening] = skipRangesOf(episode, 24);
    const marker = rangeMarker(opening!, 24)!;
    expect(marker.left).toBeCloseTo((2 / 24) * 100);
    expect(marker.width).toBeCloseTo(25);
    expect(rangeMarker(opening!, 0)).toBeNull();
  });
});
