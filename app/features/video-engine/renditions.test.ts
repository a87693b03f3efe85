import { describe, expect, it } from "vitest";
import { buildMasterPlaylist, renditionForChoice, renditionsOf, startRenditionIndex } from "./renditions";

const all = {
  hls480: "https://cdn.example/e/480/index.m3u8",
  hls720: "https://cdn.example/e/720/index.m3u8",
  hls1080: "https://cdn.example/e/1080/index.m3u8",
};

describe("renditions", () => {
  it("list only the renditions the episode has, lowest first", () => {
    expect(renditionsOf(all).map((rendition) => rendition.height)).toEqual([480, 720, 1080]);
    expect(renditionsOf({ hls480: null, hls720: all.hls720, hls1080: null })).toEqual([{ height: 720, url: all.hls720 }]);
    expect(renditionsOf({ hls480: null, hls720: null, hls1080: null })).toEqual([]);
  });

  it("join into one multi-variant playlist with a variant per rendition", () => {
    const playlist = buildMasterPlaylist(renditionsOf(all));
    const lines = playlist.trim().split("\n");
    expect(lines[0]).toBe("#EXTM3U");
    expect(lines.filter((line) => line.startsWith("#EXT-X-STREAM-INF:"))).toHaveLength(3);
    expect(lines).toContain(all.hls1080);
    expect(playlist).toMatch(/BANDWIDTH=900000,RESOLUTION=854x480\nhttps:\/\/cdn\.example\/e\/480\/index\.m3u8/);
  });

  it("start automatic mode on the fastest rendition", () => {
    expect(startRenditionIndex(renditionsOf(all))).toBe(0);
    expect(startRenditionIndex([])).toBe(-1);
  });

  it("fall back to the nearest lower rendition for a manual choice", () => {
    const only720 = renditionsOf({ hls480: null, hls720: all.hls720, hls1080: null });
    expect(renditionForChoice(only720, 1080)?.height).toBe(720);
    expect(renditionForChoice(only720, 480)?.height).toBe(720);
    expect(renditionForChoice(renditionsOf(all), 720)?.height).toBe(720);
  });
});
