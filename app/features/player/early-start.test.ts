import { describe, expect, it } from "vitest";
import { earlyStartScript } from "./early-start";

describe("the early start's inline script", () => {
  const start = {
    hlsChunk: "/assets/hls.light-a.js",
    engineChunks: ["/assets/player-early-engine-b.js", "/assets/hls-engine-c.js"],
    plan: { episodeId: "e1", duration: 24, renditions: [], masterUrl: "/anime/video/episode/e1/master.m3u8", mirrors: [] },
  };

  it("imports hls.js and the early engine's entry, and starts the episode's stream", () => {
    const adFlags = { videoAds: true, videoAdsAlways: false, contentAds: true };
    expect(earlyStartScript(start, adFlags)).toBe(`import Hls from "/assets/hls.light-a.js";
import { startEarlyEngine } from "/assets/player-early-engine-b.js";
startEarlyEngine(Hls, ${JSON.stringify({ ...start.plan, adFlags })});`);
  });

  it("cannot close the <script> element it is written into", () => {
    const hostile = { ...start, plan: { ...start.plan, masterUrl: "/x</script><script>alert(1)</script>" } };
    expect(earlyStartScript(hostile, { videoAds: false, videoAdsAlways: false, contentAds: false })).not.toContain("</script");
  });
});
