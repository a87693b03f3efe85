// Which ad slots the player page has (docs/product.md#states): no ad network is wired, only the decision.
import type { Profile } from "~/domain/account";

export type AdFlags = { videoAds: boolean; videoAdsAlways: boolean; contentAds: boolean };

/**
 * Visitors get the defaults (docs/product.md#constants): video and content ads on, always-ads off. A profile's flags are already
 * booleans (docs/product.md#entities: true only if exactly true), so a signed-in user's flags are taken as they are.
 */
export function adFlagsOf(profile: Pick<Profile, "isWithVideoAds" | "isWithVideoAdsAlways" | "isWithContentAds"> | null): AdFlags {
  if (!profile) return { videoAds: true, videoAdsAlways: false, contentAds: true };
  return { videoAds: profile.isWithVideoAds, videoAdsAlways: profile.isWithVideoAdsAlways, contentAds: profile.isWithContentAds };
}

export type AdSlot = "pre-roll" | "content";

/**
 * The slots for one episode start. A pre-roll plays once per browsing session with video ads on, and
 * before every episode with always-ads on; the content slot sits beside the player with content ads on.
 */
export function adSlotsFor(flags: AdFlags, preRollShownThisSession: boolean): AdSlot[] {
  const slots: AdSlot[] = [];
  if (flags.videoAds && (flags.videoAdsAlways || !preRollShownThisSession)) slots.push("pre-roll");
  if (flags.contentAds) slots.push("content");
  return slots;
}
