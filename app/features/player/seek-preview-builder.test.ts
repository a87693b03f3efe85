import { describe, expect, it } from "vitest";
import { MAX_TILES, PREVIEW_EVERY_SECONDS, previewMoments } from "./seek-preview-builder";

describe("the moments a built sprite captures", () => {
  it("one every 5 s of an episode, from its start", () => {
    expect(previewMoments(24)).toEqual({ interval: PREVIEW_EVERY_SECONDS, moments: [0, 5, 10, 15, 20] });
    expect(previewMoments(24 * 60).moments).toHaveLength(288);
  });

  it("farther apart past the sprite's bound, which they never pass", () => {
    const { interval, moments } = previewMoments(60 * 60);
    expect(interval).toBe(12);
    expect(moments).toHaveLength(MAX_TILES);
  });

  it("none for a length not known", () => {
    expect(previewMoments(Number.NaN).moments).toEqual([]);
    expect(previewMoments(Number.POSITIVE_INFINITY).moments).toEqual([]);
    expect(previewMoments(0).moments).toEqual([]);
  });
});
