// Puts an episode's HLS into the <video>: the browser's own HLS on Apple WebKit (and wherever MSE is
// missing), hls.js everywhere else, loaded on demand so no other page pays for it.
import type HlsType from "hls.js";
import type { ErrorData, FragBufferedData, LevelSwitchedData } from "hls.js";
import { mirrorLoader } from "./hls-mirror-loader";
import { onMirror } from "./media-mirrors";
import { renditionForChoice, startRenditionIndex, type Rendition } from "./renditions";
import type { QualityChoice } from "./settings";

export type EngineKind = "native" | "hls.js";

export type VideoEngine = {
  readonly kind: EngineKind;
  setQuality(choice: QualityChoice): void;
  /** While a pre-roll plays over it, the episode fetches only its start (see BUFFER_AHEAD_SECONDS). */
  setWaiting(waiting: boolean): void;
  destroy(): void;
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

/** Our master playlist names the renditions on the media host `mirror` (the first when 0). */
export function masterUrlOnMirror(masterUrl: string, mirror: number): string {
  return mirror === 0 ? masterUrl : `${masterUrl}${masterUrl.includes("?") ? "&" : "?"}mirror=${mirror}`;
}

function urlForChoice(source: EngineSource, choice: QualityChoice, mirror = 0): string {
  const masterUrl = masterUrlOnMirror(source.masterUrl, mirror);
  if (choice === "auto") return masterUrl;
  const rendition = renditionForChoice(source.renditions, Number(choice) as Rendition["height"]);
  return rendition ? onMirror(rendition.url, source.mirrors, mirror) : masterUrl;
}

function attachNative(video: HTMLVideoElement, source: EngineSource, callbacks: EngineCallbacks): VideoEngine {
  let pendingTime = source.startAt;
  let mirror = 0;
  let choice = source.quality;
  const onMetadata = () => {
    if (pendingTime > 0) video.currentTime = pendingTime;
    pendingTime = 0;
  };
  const onResize = () => callbacks.onRendition(video.videoHeight || null);
  // The browser's own HLS loads the files itself: on an error the whole stream moves to the next media host.
  const onError = () => {
    if (mirror + 1 >= source.mirrors.length) return callbacks.onFatalError();
    mirror += 1;
    const wasPlaying = !video.paused;
    pendingTime = video.currentTime || pendingTime;
    video.src = urlForChoice(source, choice, mirror);
    if (wasPlaying) void video.play().catch(() => undefined);
  };
  video.addEventListener("loadedmetadata", onMetadata);
  video.addEventListener("resize", onResize);
  video.addEventListener("error", onError);
  video.src = urlForChoice(source, source.quality);
  return {
    kind: "native",
    setQuality(newChoice) {
      choice = newChoice;
      const wasPlaying = !video.paused;
      pendingTime = video.currentTime;
      video.src = urlForChoice(source, choice, mirror);
      if (wasPlaying) void video.play().catch(() => undefined);
    },
    // The browser's own HLS decides how far ahead it fetches.
    setWaiting: () => undefined,
    destroy() {
      video.removeEventListener("loadedmetadata", onMetadata);
      video.removeEventListener("resize", onResize);
      video.removeEventListener("error", onError);
      video.removeAttribute("src");
      video.load();
    },
  };
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

let hlsModule: Promise<{ default: typeof HlsType }> | null = null;

export function loadHlsJs() {
  hlsModule ??= import("hls.js/light");
  return hlsModule;
}

/**
 * Starts downloading hls.js while the page hydrates, on browsers that will need it: called when the player's
 * module is evaluated, it saves a round trip and the parse before the first frame.
 */
export function warmUpVideoEngine(): void {
  if (typeof document === "undefined") return;
  if (!prefersNativeHls(document.createElement("video")) && hasMediaSource()) void loadHlsJs().catch(() => undefined);
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

async function attachHlsJs(video: HTMLVideoElement, source: EngineSource, callbacks: EngineCallbacks): Promise<VideoEngine> {
  const { default: Hls } = await loadHlsJs();
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
    } else if (data.type === Hls.ErrorTypes.NETWORK_ERROR && !retriedNetwork) {
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

export async function attachVideoEngine(video: HTMLVideoElement, source: EngineSource, callbacks: EngineCallbacks): Promise<VideoEngine> {
  if (prefersNativeHls(video)) return attachNative(video, source, callbacks);
  if (hasMediaSource()) return attachHlsJs(video, source, callbacks);
  if (video.canPlayType("application/vnd.apple.mpegurl")) return attachNative(video, source, callbacks);
  callbacks.onFatalError();
  return { kind: "native", setQuality: () => undefined, setWaiting: () => undefined, destroy: () => undefined };
}
