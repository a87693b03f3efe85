// Where an episode's seek-bar previews come from; for an episode without a thumbnail track, built in the browser from its lowest rendition
// (seek-preview-builder.ts, loaded on demand), only once the episode shows its first frame, and not at all when the
// viewer saves data.
import { useEffect, useMemo, useState, type RefObject } from "react";
import { browserSavesData } from "~/domain/low-data";
import type { Rendition } from "~/features/video-engine/renditions";
import { loadSeekPreviewBuilder } from "./seek-preview-code";
import { seekPreviewTrackOf, type PreviewSource, type PreviewTile } from "~/features/video-engine/seek-previews";

/** The lowest rendition's playlist: the fewest bytes per frame. */
export function lowestRenditionUrl(renditions: readonly Rendition[]): string | null {
  const lowest = renditions.reduce<Rendition | null>(
    (best, rendition) => (!best || rendition.height < best.height ? rendition : best),
    null,
  );
  return lowest?.url ?? null;
}

/**
 * Where the seek bar's frames come from: the track given (a saved copy's), else the one beside the renditions, else
 * tiles built in the browser.
 */
export function useSeekPreviewSource(
  videoRef: RefObject<HTMLVideoElement>,
  renditions: readonly Rendition[],
  givenTrack: string | null | undefined,
  lowData: boolean,
): PreviewSource {
  const track = givenTrack === undefined ? seekPreviewTrackOf(renditions.map((rendition) => rendition.url)) : givenTrack;
  // Low-data mode builds none: building fetches a share of the lowest rendition (decision 0289).
  const built = useBuiltSeekPreviews(videoRef, track === null && !lowData ? lowestRenditionUrl(renditions) : null);
  return useMemo(() => (track === null ? { built } : { track }), [track, built]);
}

/** The tiles built so far (null: none yet, or no building); `playlistUrl` null builds nothing. */
function useBuiltSeekPreviews(videoRef: RefObject<HTMLVideoElement>, playlistUrl: string | null): readonly PreviewTile[] | null {
  const [tiles, setTiles] = useState<readonly PreviewTile[] | null>(null);
  useEffect(() => {
    const episode = videoRef.current;
    if (!episode || !playlistUrl) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    const begin = () => {
      if (browserSavesData()) return;
      void loadSeekPreviewBuilder().then(({ buildSeekPreviews }) => {
        if (cancelled) return;
        stop = buildSeekPreviews({ playlistUrl, episode, onTiles: setTiles });
      });
    };
    // The first frame first: nothing of the previews is fetched before it.
    if (!episode.paused && episode.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA) begin();
    else episode.addEventListener("playing", begin, { once: true });
    return () => {
      cancelled = true;
      episode.removeEventListener("playing", begin);
      stop?.();
      setTiles(null);
    };
  }, [videoRef, playlistUrl]);
  return tiles;
}
