import { describe, expect, it } from "vitest";
import { earlyStartScript, earlyViewerOf } from "./early-start";

describe("the early start's inline script", () => {
  const start = {
    hlsChunk: "/assets/hls.light-a.js",
    engineChunks: ["/assets/player-early-engine-b.js", "/assets/hls-engine-c.js"],
    plan: { episodeId: "e1", duration: 24, renditions: [], masterUrl: "/anime/video/episode/e1/master.m3u8", mirrors: [], moment: null },
  };

  it("imports hls.js and the early engine's entry, and starts the episode's stream", () => {
    const viewer = { adFlags: { videoAds: true, videoAdsAlways: false, contentAds: true }, account: null };
    expect(earlyStartScript(start, viewer)).toBe(`import Hls from "/assets/hls.light-a.js";
import { startEarlyEngine } from "/assets/player-early-engine-b.js";
startEarlyEngine(Hls, ${JSON.stringify({ ...start.plan, viewer })});`);
  });

  it("cannot close the <script> element it is written into", () => {
    const hostile = { ...start, plan: { ...start.plan, masterUrl: "/x</script><script>alert(1)</script>" } };
    const viewer = { adFlags: { videoAds: false, videoAdsAlways: false, contentAds: false }, account: null };
    expect(earlyStartScript(hostile, viewer)).not.toContain("</script");
  });
});

describe("the viewer the early start sees", () => {
  const adFlags = { videoAds: false, videoAdsAlways: false, contentAds: true };

  it("is a visitor without a profile", () => {
    expect(earlyViewerOf(null, adFlags, null, "e1")).toEqual({ adFlags, account: null });
  });

  it("carries the account's own position on this episode, and no other", () => {
    const timecodes = [
      { releaseEpisodeId: "e1", time: 300, isWatched: false },
      { releaseEpisodeId: "e2", time: 12, isWatched: true },
    ];
    expect(earlyViewerOf({ id: 7 }, adFlags, timecodes, "e1")).toEqual({ adFlags, account: { id: 7, timecodes: [timecodes[0]] } });
  });
});
