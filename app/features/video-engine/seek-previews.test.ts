import { describe, expect, it } from "vitest";
import {
  cueSeconds,
  MAX_TRACK_CHARS,
  parsePreviewTrack,
  previewTileAt,
  previewTrackText,
  seekPreviewTrackOf,
  tileAt,
} from "./seek-previews";

const TRACK_URL = "https://media.example/storage/video/demo/thumbnails.vtt";
const TRACK = `WEBVTT

00:00.000 --> 00:02.000
thumbnails.jpg#xywh=0,0,160,90

00:02.000 --> 00:04.000
thumbnails.jpg#xywh=160,0,160,90

1
00:00:04.000 --> 00:00:06.000
https://cdn.example/other.jpg
`;

describe("a seek-preview track", () => {
  it("reads each cue's stretch, sheet and tile, addresses made absolute against the track", () => {
    expect(parsePreviewTrack(TRACK, TRACK_URL)).toEqual([
      { start: 0, end: 2, url: "https://media.example/storage/video/demo/thumbnails.jpg", x: 0, y: 0, width: 160, height: 90 },
      { start: 2, end: 4, url: "https://media.example/storage/video/demo/thumbnails.jpg", x: 160, y: 0, width: 160, height: 90 },
      { start: 4, end: 6, url: "https://cdn.example/other.jpg", x: 0, y: 0, width: null, height: null },
    ]);
  });

  it("reads hours, minutes and fractions", () => {
    expect(cueSeconds("01:02:03.500")).toBe(3723.5);
    expect(cueSeconds("02:03.5")).toBe(123.5);
  });

  it("is nothing when it is not a WebVTT track, is too large, or names no web address", () => {
    expect(parsePreviewTrack("<html>", TRACK_URL)).toEqual([]);
    expect(parsePreviewTrack(`WEBVTT\n\n${"x".repeat(MAX_TRACK_CHARS)}`, TRACK_URL)).toEqual([]);
    expect(parsePreviewTrack("WEBVTT\n\n00:00.000 --> 00:02.000\njavascript:alert(1)\n", TRACK_URL)).toEqual([]);
    expect(parsePreviewTrack("WEBVTT\n\n00:02.000 --> 00:01.000\na.jpg\n", TRACK_URL)).toEqual([]);
  });

  it("finds the tile of a moment, the nearest before it in a gap, the first before the start", () => {
    const tiles = parsePreviewTrack(TRACK, TRACK_URL);
    expect(tileAt(tiles, 3)?.x).toBe(160);
    expect(tileAt(tiles, 2)?.x).toBe(160);
    expect(tileAt(tiles, 100)?.url).toBe("https://cdn.example/other.jpg");
    expect(tileAt(tiles, -1)?.x).toBe(0);
    expect(tileAt([], 5)).toBeNull();
  });
});

describe("where an episode's previews are", () => {
  it("beside the embedded API's renditions; nowhere for another host's", () => {
    expect(seekPreviewTrackOf(["http://localhost:3000/storage/video/demo/480/index.m3u8"])).toBe(
      "http://localhost:3000/storage/video/demo/thumbnails.vtt",
    );
    expect(seekPreviewTrackOf(["/storage/video/demo/1080/index.m3u8"])).toBe("/storage/video/demo/thumbnails.vtt");
    expect(seekPreviewTrackOf(["https://cache.example/videos/media/ts/9000/1/480/abc.m3u8"])).toBeNull();
  });
});

describe("a track written again", () => {
  it("reads back as the same tiles, each sheet at the address it was given (a saved copy's)", () => {
    const tiles = parsePreviewTrack(TRACK, TRACK_URL);
    const saved = previewTrackText(tiles, (url) => `/offline-episodes/e1/preview-${url.endsWith("other.jpg") ? 1 : 0}`);
    expect(saved).toContain("00:00:02.000 --> 00:00:04.000\n/offline-episodes/e1/preview-0#xywh=160,0,160,90");
    expect(parsePreviewTrack(saved, "https://site.example/offline-episodes/e1/previews.vtt")).toEqual(
      tiles.map((tile) => ({
        ...tile,
        url: `https://site.example/offline-episodes/e1/preview-${tile.url.endsWith("other.jpg") ? 1 : 0}`,
      })),
    );
  });

  it("writes hours past the first", () => {
    const tile = { start: 3723.5, end: 3728.5, url: "https://x.example/s.jpg", x: 0, y: 0, width: 160, height: 90 };
    expect(previewTrackText([tile], (url) => url)).toContain("01:02:03.500 --> 01:02:08.500");
  });
});

describe("the tile for a moment", () => {
  const tiles = parsePreviewTrack(TRACK, TRACK_URL).slice(0, 2);
  it("from a track, the nearest before a moment past its last cue", () => {
    expect(previewTileAt({ track: TRACK_URL }, tiles, 5)?.start).toBe(2);
  });
  it("from a sprite still being built, none for a moment it has not reached", () => {
    expect(previewTileAt({ built: tiles }, tiles, 3)?.start).toBe(2);
    expect(previewTileAt({ built: tiles }, tiles, 5)).toBeNull();
  });
});
