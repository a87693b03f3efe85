// The episode's HLS renditions, and the multi-variant playlist that joins them for adaptive ("auto") playback.
import type { Episode } from "~/domain/release";

export const RENDITION_HEIGHTS = [480, 720, 1080] as const;
export type RenditionHeight = (typeof RENDITION_HEIGHTS)[number];

export type Rendition = { height: RenditionHeight; url: string };

/**
 * Nominal peak bitrates: API v1 publishes no bitrate, so the master playlist states typical values for
 * the studio's H.264 encodes. The engine measures real throughput after the first segment and adapts.
 */
const NOMINAL: Record<RenditionHeight, { bandwidth: number; resolution: string }> = {
  480: { bandwidth: 900_000, resolution: "854x480" },
  720: { bandwidth: 1_800_000, resolution: "1280x720" },
  1080: { bandwidth: 3_500_000, resolution: "1920x1080" },
};

/** The rendition's nominal peak bitrate in bits per second (the size estimate of a saved episode uses it too). */
export function nominalBandwidth(height: RenditionHeight): number {
  return NOMINAL[height].bandwidth;
}

/** Lowest first; only renditions the episode really has. */
export function renditionsOf(episode: Pick<Episode, "hls480" | "hls720" | "hls1080">): Rendition[] {
  const urls: Record<RenditionHeight, string | null> = { 480: episode.hls480, 720: episode.hls720, 1080: episode.hls1080 };
  return RENDITION_HEIGHTS.flatMap((height) => {
    const url = urls[height];
    return url ? [{ height, url }] : [];
  });
}

/** An HLS multi-variant playlist; the rendition URLs must be absolute (the playlist is served from our origin). */
export function buildMasterPlaylist(renditions: readonly Rendition[]): string {
  const lines = ["#EXTM3U", "#EXT-X-VERSION:3", "#EXT-X-INDEPENDENT-SEGMENTS"];
  for (const rendition of renditions) {
    const nominal = NOMINAL[rendition.height];
    lines.push(`#EXT-X-STREAM-INF:BANDWIDTH=${nominal.bandwidth},RESOLUTION=${nominal.resolution}`, rendition.url);
  }
  return `${lines.join("\n")}\n`;
}

/**
 * Where automatic mode starts: the lowest rendition at or under 720p starts fastest (one small segment
 * before the first frame); the engine climbs once it has measured the connection.
 */
export function startRenditionIndex(renditions: readonly Rendition[]): number {
  return renditions.length === 0 ? -1 : 0;
}

/** The rendition for a manual choice, or the nearest lower one the episode has (a 1080 choice on a 720-only episode). */
export function renditionForChoice(renditions: readonly Rendition[], height: RenditionHeight): Rendition | null {
  const atOrBelow = renditions.filter((rendition) => rendition.height <= height);
  return atOrBelow[atOrBelow.length - 1] ?? renditions[0] ?? null;
}
