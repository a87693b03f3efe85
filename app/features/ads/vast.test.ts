import { describe, expect, it } from "vitest";
import {
  expandVastMacros,
  isHlsMediaFile,
  parseVastTime,
  playableMediaFile,
  preRollOfChain,
  quartilesReached,
  skipOffsetSeconds,
  trackingUrls,
  type VastAd,
  type VastChain,
  type VastMediaFile,
} from "./vast";

const mp4: VastMediaFile = { url: "/storage/ads/preroll.mp4", type: "video/mp4", delivery: "progressive", width: 1280, height: 720 };
const webm: VastMediaFile = { url: "/storage/ads/preroll.webm", type: "video/webm", delivery: "progressive", width: 1280, height: 720 };
const hls: VastMediaFile = {
  url: "/storage/ads/preroll/master.m3u8",
  type: "application/x-mpegURL",
  delivery: "streaming",
  width: null,
  height: null,
};

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

function adOf(kind: VastAd["kind"], name: string, mediaFiles: VastMediaFile[] = []): VastAd {
  return {
    id: name,
    sequence: null,
    kind,
    system: "",
    title: "",
    wrapperUri: null,
    durationSeconds: 10,
    skipOffset: null,
    mediaFiles,
    impressions: [`https://${name}.example/impression`],
    errors: [`https://${name}.example/error?code=[ERRORCODE]`],
    tracking: [{ event: "start", offset: null, url: `https://${name}.example/start` }],
    clickThrough: null,
    clickTracking: [`https://${name}.example/click`],
  };
}

const chainOf = (...ads: VastAd[]): VastChain => ({ version: "4.1", ads, errors: [] });

describe("the pre-roll of a chain", () => {
  it("is the innermost InLine ad, reporting to every wrapper's addresses too", () => {
    const ad = preRollOfChain([
      chainOf(adOf("wrapper", "outer")),
      chainOf(adOf("wrapper", "middle")),
      chainOf(adOf("inline", "inner", [mp4])),
    ]);
    expect(ad?.id).toBe("inner");
    expect(new Set(trackingUrls(ad!, "impression"))).toEqual(
      new Set(["https://outer.example/impression", "https://middle.example/impression", "https://inner.example/impression"]),
    );
    expect(trackingUrls(ad!, "start")).toHaveLength(3);
    expect(trackingUrls(ad!, "clickThrough")).toHaveLength(3);
    expect(trackingUrls(ad!, "error")).toHaveLength(3);
  });

  it("is none when the chain ends without a playable InLine ad", () => {
    expect(preRollOfChain([])).toBeNull();
    expect(preRollOfChain([chainOf(adOf("wrapper", "outer"))])).toBeNull();
    expect(preRollOfChain([chainOf(adOf("inline", "empty"))])).toBeNull();
  });
});

describe("VAST macros", () => {
  it("fill in the cache buster, the time and the error code", () => {
    const url = expandVastMacros(
      "https://t.example/e?c=[CACHEBUSTING]&t=[TIMESTAMP]&code=[ERRORCODE]&x=[OTHER]",
      402,
      () => 0.5,
      new Date("2026-01-02T03:04:05Z"),
    );
    expect(url).toBe("https://t.example/e?c=50000000&t=2026-01-02T03%3A04%3A05.000Z&code=402&x=[OTHER]");
  });
});
