import { describe, expect, it } from "vitest";
import { cappedQuality, episodeSize, isAboveCap, withinCap } from "./low-data-cap";
import type { Rendition } from "~/features/video-engine/renditions";
import { playerStrings } from "./strings";

const renditions: Rendition[] = [
  { height: 480, url: "https://cdn.example/480.m3u8" },
  { height: 720, url: "https://cdn.example/720.m3u8" },
  { height: 1080, url: "https://cdn.example/1080.m3u8" },
];

describe("the player in low-data mode", () => {
  it("starts higher choices at 480p, and keeps a lower one and automatic", () => {
    expect(cappedQuality("1080")).toBe("480");
    expect(cappedQuality("720")).toBe("480");
    expect(cappedQuality("480")).toBe("480");
    expect(cappedQuality("auto")).toBe("auto");
  });

  it("plays automatic at 480p, and a choice made by hand as it is", () => {
    expect(withinCap("auto")).toBe("480");
    expect(withinCap("1080")).toBe("1080");
  });

  it("names the renditions above the cap", () => {
    expect(["auto", "480", "720", "1080"].filter((choice) => isAboveCap(choice as "auto"))).toEqual(["720", "1080"]);
  });

  it("estimates the episode's size from the 480p rendition's bitrate and the duration", () => {
    // 24 minutes at 900 kbit/s.
    const size = episodeSize(renditions, 24 * 60, cappedQuality("1080"));
    expect(size).toEqual({ bytes: 162_000_000, height: 480 });
    expect(episodeSize(renditions, 24 * 60, "auto")).toEqual(size);
    expect(playerStrings.lowData.episodeSize(size!.bytes, size!.height)).toBe("≈ 154 МБ в 480p");
  });

  it("follows a higher rendition the viewer chose by hand", () => {
    expect(episodeSize(renditions, 24 * 60, "1080")).toEqual({ bytes: 630_000_000, height: 1080 });
  });

  it("falls back to the lowest rendition there is, and says nothing without a duration", () => {
    expect(episodeSize([{ height: 720, url: "https://cdn.example/720.m3u8" }], 60, "auto")).toEqual({ bytes: 13_500_000, height: 720 });
    expect(episodeSize(renditions, null, "auto")).toBeNull();
    expect(episodeSize([], 60, "auto")).toBeNull();
  });
});
