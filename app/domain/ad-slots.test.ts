import { describe, expect, it } from "vitest";
import { adFlagsOf, adSlotsFor } from "./ad-slots";

describe("ad slots", () => {
  it("default to video and content ads for visitors, never always-ads", () => {
    expect(adFlagsOf(null)).toEqual({ videoAds: true, videoAdsAlways: false, contentAds: true });
  });

  it("take a signed-in profile's flags as they are", () => {
    expect(adFlagsOf({ isWithVideoAds: false, isWithVideoAdsAlways: false, isWithContentAds: true })).toEqual({
      videoAds: false,
      videoAdsAlways: false,
      contentAds: true,
    });
  });

  it("play a pre-roll once per session, or every time with always-ads", () => {
    const visitor = adFlagsOf(null);
    expect(adSlotsFor(visitor, false)).toEqual(["pre-roll", "content"]);
    expect(adSlotsFor(visitor, true)).toEqual(["content"]);
    expect(adSlotsFor({ videoAds: true, videoAdsAlways: true, contentAds: false }, true)).toEqual(["pre-roll"]);
    expect(adSlotsFor({ videoAds: false, videoAdsAlways: true, contentAds: false }, false)).toEqual([]);
  });
});
