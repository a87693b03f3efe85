// An episode's stream in hls.js, and what decides between it and the browser's own HLS. Loads nothing by itself
// and imports no React: the player's early start (early-engine.ts) runs it before the page's other modules.
import type HlsType from "hls.js";
import type { ErrorData, FragBufferedData, LevelSwitchedData } from "hls.js";
import { mirrorLoader } from "./hls-mirror-loader";
import { renditionForChoice, startRenditionIndex, type Rendition } from "./renditions";
import type { QualityChoice } from "./settings";

export type EngineKind = "native" | "hls.js";

export type VideoEngine = {
  readonly kind: EngineKind;
  setQuality(choice: QualityChoice): void;
  /** While a pre-roll plays over it, the episode fetches only its start (see BUFFER_AHEAD_SECONDS). */
  setWaiting(waiting: boolean): void;
  destroy(): void;
  /** Set when the early start already asked the episode to play (decision 0235): whether the browser let it. */
  readonly startedPlaying?: Promise<boolean>;
};

/**
 * Seconds of the episode hls.js fetches ahead of the playhead: a minute rides out a slow stretch of the network
 * and wastes little when the viewer leaves early. While a pre-roll plays, only the first seconds: the episode
 * still starts at once when the ad ends, and its segments neither take the ad's bandwidth nor the page's thread,
 * which demuxes them (decision 0228).
 */
export const BUFFER_AHEAD_SECONDS = { playing: 60, waiting: 4 } as const;

/**
 * hls.js's settings for a forward buffer of `seconds`. `maxBufferLength` alone is only a floor: hls.js buffers
 * up to `maxBufferSize` (60 MB) worth of the level's bitrate, capped by `maxMaxBufferLength` (600 s by default),
 * so both are set.
 */
export function forwardBuffer(seconds: number): { maxBufferLength: number; maxMaxBufferLength: number } {
  return { maxBufferLength: seconds, maxMaxBufferLength: seconds };
}

function episodeForwardBuffer(waiting: boolean) {
  return forwardBuffer(waiting ? BUFFER_AHEAD_SECONDS.waiting : BUFFER_AHEAD_SECONDS.playing);
}

export type EngineSource = {
  renditions: readonly Rendition[];
  masterUrl: string;
  /** The media hosts in order of preference (decision 0213): a file that fails on one is tried on the next. */
  mirrors: readonly string[];
  quality: QualityChoice;
  startAt: number;
  /** A pre-roll goes first: see BUFFER_AHEAD_SECONDS. */
  waiting: boolean;
};
/** The stream's files and where they come from: what makes two sources the same stream. */
export function streamKey(source: Pick<EngineSource, "masterUrl" | "renditions" | "mirrors">): string {
  return JSON.stringify([source.masterUrl, source.renditions.map((rendition) => rendition.url), source.mirrors]);
}

export type EngineCallbacks = { onRendition(height: number | null): void; onFatalError(): void };

type MediaSourceWindow = Window & { ManagedMediaSource?: unknown };

export function hasMediaSource(): boolean {
  const scope = window as MediaSourceWindow;
  if (scope.ManagedMediaSource) return true;
  return typeof window.MediaSource === "function" && window.MediaSource.isTypeSupported('video/mp4; codecs="avc1.42E01E,mp4a.40.2"');
}

/**
 * Apple's own HLS is the best player on its devices; elsewhere a "maybe" from canPlayType is not to be
 * trusted (Chromium 156 says "maybe" and then refuses the stream), so MSE-capable browsers get hls.js.
 */
export function prefersNativeHls(video: HTMLVideoElement, vendor = navigator.vendor, mediaSource = hasMediaSource()): boolean {
  if (!video.canPlayType("application/vnd.apple.mpegurl")) return false;
  return vendor.startsWith("Apple") || !mediaSource;
}

function levelIndexFor(hls: HlsType, choice: QualityChoice): number {
  if (choice === "auto") return -1;
  const wanted = Number(choice);
  const heights = hls.levels.map((level) => level.height);
  // The highest level at or under the choice, else the lowest there is.
  let best = -1;
  heights.forEach((height, index) => {
    if (height <= wanted && (best < 0 || height > (heights[best] ?? 0))) best = index;
  });
  return best >= 0 ? best : 0;
}

/**
 * Bits per second at which the page's `<link rel="preload">` brought `url`, or null if it did not. hls.js
 * gets a preloaded fragment at once and would take that for a very fast connection; the preload's own
 * timing (start to end, readable across origins without Timing-Allow-Origin) is the honest figure.
 */
export function preloadBandwidth(
  url: string,
  bytes: number,
  entries: readonly PerformanceEntry[] = performance.getEntriesByName(url),
): number | null {
  const preload = entries.find(
    (entry): entry is PerformanceResourceTiming => (entry as PerformanceResourceTiming).initiatorType === "link",
  );
  const milliseconds = preload ? preload.responseEnd - preload.startTime : 0;
  return milliseconds > 0 && bytes > 0 ? Math.round((bytes * 8 * 1000) / milliseconds) : null;
}

/** hls.js, given as its class so that this module loads nothing itself, playing `source` in `video`. */
export function hlsEngine(Hls: typeof HlsType, video: HTMLVideoElement, source: EngineSource, callbacks: EngineCallbacks): VideoEngine {
  const startIndex =
    source.quality === "auto"
      ? startRenditionIndex(source.renditions)
      : source.renditions.indexOf(
          renditionForChoice(source.renditions, Number(source.quality) as Rendition["height"]) ?? source.renditions[0]!,
        );
  const hls = new Hls({
    startLevel: startIndex,
    startPosition: source.startAt > 0 ? source.startAt : -1,
    ...episodeForwardBuffer(source.waiting),
    backBufferLength: 30,
    capLevelToPlayerSize: false,
    // The ES module build has no worker of its own, and one costs the first frame 200–350 ms (decision 0225).
    enableWorker: false,
    ...(source.mirrors.length > 1 ? { loader: mirrorLoader(Hls.DefaultConfig.loader, source.mirrors, { index: 0 }) } : {}),
  });
  let recoveredMedia = false;
  let retriedNetwork = false;
  hls.on(Hls.Events.MANIFEST_PARSED, () => {
    if (source.quality !== "auto") hls.currentLevel = levelIndexFor(hls, source.quality);
  });
  hls.once(Hls.Events.FRAG_BUFFERED, (_event: string, { frag }: FragBufferedData) => {
    const measured = preloadBandwidth(frag.url, frag.stats.loaded);
    if (measured !== null) hls.bandwidthEstimate = measured;
  });
  hls.on(Hls.Events.LEVEL_SWITCHED, (_event: string, data: LevelSwitchedData) => {
    callbacks.onRendition(hls.levels[data.level]?.height ?? null);
  });
  hls.on(Hls.Events.ERROR, (_event: string, data: ErrorData) => {
    if (!data.fatal) return;
    if (data.type === Hls.ErrorTypes.MEDIA_ERROR && !recoveredMedia) {
      recoveredMedia = true;
      hls.recoverMediaError();
    } else if (data.type === Hls.ErrorTypes.NETWORK_ERROR && !retriedNetwork && hls.levels.length > 0) {
      // Without levels the playlist itself failed, after hls.js's own retries: startLoad() would load nothing.
      retriedNetwork = true;
      hls.startLoad();
    } else {
      callbacks.onFatalError();
    }
  });
  hls.loadSource(source.masterUrl);
  hls.attachMedia(video);
  return {
    kind: "hls.js",
    setQuality(choice) {
      if (choice === "auto") hls.nextLevel = -1;
      else hls.currentLevel = levelIndexFor(hls, choice);
    },
    setWaiting(waiting) {
      // hls.js reads its config on every tick: the next one fetches up to the new length.
      Object.assign(hls.config, episodeForwardBuffer(waiting));
    },
    destroy() {
      hls.destroy();
    },
  };
}
