import { describe, expect, it } from "vitest";
import { isHlsMediaFile, parseVastTime, playableMediaFile, quartilesReached, skipOffsetSeconds, type VastMediaFile } from "./vast";

const mp4: VastMediaFile = { url: "/storage/ads/preroll.mp4", type: "video/mp4", delivery: "progressive", width: 1280, height: 720 };
const webm: VastMediaFile = { url: "/storage/ads/preroll.webm", type: "video/webm", delivery: "progressive", width: 1280, height: 720 };
const hls: VastMediaFile = { url: "/storage/ads/preroll/master.m3u8", type: "application/x-mpegURL", delivery: "streaming", width: null, height: null };

describe("VAST times", () => {
  it("reads HH:MM:SS(.mmm) and skip offsets as times or percentages", () => {
    expect(parseVastTime("00:00:15")).toBe(15);
    expect(parseVastTime("01:02:03.500")).toBe(3723.5);
    expect(parseVastTime("15")).toBeNull();
    expect(parseVastTime(null)).toBeNull();
    expect(skipOffsetSeconds("00:00:05", 30)).toBe(5);
    expect(skipOffsetSeconds("25%", 20)).toBe(5);
    expect(skipOffsetSeconds("25%", null)).toBeNull();
    expect(skipOffsetSeconds(null, 20)).toBeNull();
  });

  it("reports each quartile once it is reached", () => {
    expect(quartilesReached(2, 10)).toEqual([]);
    expect(quartilesReached(2.5, 10)).toEqual(["firstQuartile"]);
    expect(quartilesReached(7.6, 10)).toEqual(["firstQuartile", "midpoint", "thirdQuartile"]);
    expect(quartilesReached(5, 0)).toEqual([]);
  });
});

describe("playableMediaFile", () => {
  const chromium = (type: string) => (type === "video/mp4" || type === "video/webm" ? "maybe" : "");

  it("prefers a progressive file the browser plays, then HLS when hls.js or native HLS can play it", () => {
    expect(playableMediaFile([hls, webm, mp4], chromium, true)).toBe(webm);
    expect(playableMediaFile([hls], chromium, true)).toBe(hls);
    expect(playableMediaFile([hls], chromium, false)).toBeNull();
    expect(playableMediaFile([hls], (type) => (type === "application/vnd.apple.mpegurl" ? "maybe" : ""), false)).toBe(hls);
    expect(playableMediaFile([{ ...mp4, type: "video/x-flv" }], chromium, true)).toBeNull();
  });

  it("recognises HLS by delivery, type or address", () => {
    expect(isHlsMediaFile(hls)).toBe(true);
    expect(isHlsMediaFile({ ...mp4, url: "/a/master.m3u8?token=1" })).toBe(true);
    expect(isHlsMediaFile(mp4)).toBe(false);
  });
});
