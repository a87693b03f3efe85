// Seek-bar previews made in the browser where the episode has no thumbnail track (a live upstream): a second, muted
// <video>, never in the page, with its own engine on the lowest rendition, seeks from moment to moment and each frame
// is drawn into a tile of one canvas sprite. A second element rather than fetching and decoding segments by hand: the
// engine the page already loaded demuxes, the browser's decoder decodes, and a seek fetches only the segment it needs.
// Loaded on demand, after the episode's first frame (use-built-seek-previews.ts).
import type HlsType from "hls.js";
import { browserSavesData } from "~/domain/low-data";
import { forwardBuffer, hasMediaSource, prefersNativeHls } from "~/features/video-engine/hls-engine";
import type { PreviewTile } from "~/features/video-engine/seek-previews";
import { loadHlsJs } from "~/features/video-engine/video-engine";

/** A frame at least this often (the line: one per 5 s), unless the episode is longer than MAX_TILES allow. */
export const PREVIEW_EVERY_SECONDS = 5;
/** The sprite's bound: 300 tiles of 160×90 are a 1600×2700 canvas (17 MB of pixels), 25 minutes at one per 5 s. */
export const MAX_TILES = 300;
const TILE = { width: 160, height: 90 } as const;
const COLUMNS = 10;
/** At most four frames a second: the page's thread and the network stay the episode's. */
const GAP_BETWEEN_FRAMES_MS = 250;
/** The sprite is handed to the seek bar every few frames, not on each. */
const PUBLISH_EVERY = 6;
/** A seek that never lands (a segment that does not come) ends the building rather than hanging it. */
const SEEK_GIVE_UP_MS = 20_000;
const HAVE_CURRENT_DATA = 2;
const HAVE_FUTURE_DATA = 3;

/** The moments to capture for an episode of `duration` seconds, each tile's stretch starting at one. */
export function previewMoments(duration: number): { interval: number; moments: number[] } {
  if (!(duration > 0) || !Number.isFinite(duration)) return { interval: PREVIEW_EVERY_SECONDS, moments: [] };
  const interval = Math.max(PREVIEW_EVERY_SECONDS, duration / MAX_TILES);
  const moments: number[] = [];
  for (let moment = 0; moment < duration && moments.length < MAX_TILES; moment += interval) moments.push(moment);
  return { interval, moments };
}

/** The episode is waiting for data while it should play: its download goes first. */
function episodeBuffering(episode: HTMLVideoElement): boolean {
  return !episode.paused && !episode.ended && episode.readyState < HAVE_FUTURE_DATA;
}

type Waitable = [EventTarget, readonly string[]];

/** Resolves once `ready()` holds, checked again on each of the events; false when stopped first. */
function until(ready: () => boolean, sources: readonly Waitable[], signal: AbortSignal, giveUpMs?: number): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(false);
    if (ready()) return resolve(true);
    const timer = giveUpMs === undefined ? undefined : setTimeout(() => finish(false), giveUpMs);
    const check = () => ready() && finish(true);
    const finish = (result: boolean) => {
      clearTimeout(timer);
      for (const [target, events] of sources) for (const event of events) target.removeEventListener(event, check);
      signal.removeEventListener("abort", stop);
      resolve(result);
    };
    const stop = () => finish(false);
    for (const [target, events] of sources) for (const event of events) target.addEventListener(event, check);
    signal.addEventListener("abort", stop);
  });
}

const pause = (milliseconds: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, milliseconds);
    signal.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
  });

/** The second engine on `video`: hls.js where the page uses it, else the browser's own HLS; null where neither plays. */
async function attachSecondEngine(video: HTMLVideoElement, playlistUrl: string, onFailure: () => void): Promise<HlsType | "native" | null> {
  if (!prefersNativeHls(video) && hasMediaSource()) {
    const { default: Hls } = await loadHlsJs();
    const hls = new Hls({
      // One segment at the moment asked for, nothing ahead, nothing kept behind.
      ...forwardBuffer(0.2),
      backBufferLength: 0,
      startPosition: 0,
      capLevelToPlayerSize: false,
      enableWorker: false,
    });
    hls.on(Hls.Events.ERROR, (_event, data) => data.fatal && onFailure());
    hls.loadSource(playlistUrl);
    hls.attachMedia(video);
    return hls;
  }
  if (!video.canPlayType("application/vnd.apple.mpegurl")) return null;
  video.src = playlistUrl;
  return "native";
}

export type BuildOptions = {
  /** The lowest rendition's media playlist. */
  playlistUrl: string;
  /** The episode's own <video>: the building waits while it buffers. */
  episode: HTMLVideoElement;
  /** The tiles so far, on one sprite (an object URL, revoked when replaced or stopped). */
  onTiles(tiles: PreviewTile[]): void;
};

/** Starts building; the function it returns stops it and frees the element, the engine and the sprite. */
export function buildSeekPreviews({ playlistUrl, episode, onTiles }: BuildOptions): () => void {
  const controller = new AbortController();
  const { signal } = controller;
  const video = document.createElement("video");
  video.muted = true;
  video.playsInline = true;
  video.preload = "auto";
  // A native stream from another host draws into the canvas only with CORS (hls.js's MSE source is the page's own).
  video.crossOrigin = "anonymous";
  let engine: HlsType | "native" | null = null;
  const sprites: string[] = [];

  const publish = async (canvas: HTMLCanvasElement, captured: Omit<PreviewTile, "url">[]) => {
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.7));
    if (!blob || signal.aborted) return;
    const url = URL.createObjectURL(blob);
    sprites.push(url);
    // The one before the last may still be on screen until the seek bar renders the new one.
    while (sprites.length > 2) URL.revokeObjectURL(sprites.shift()!);
    onTiles(captured.map((tile) => ({ ...tile, url })));
  };

  const run = async () => {
    engine = await attachSecondEngine(video, playlistUrl, () => controller.abort());
    if (!engine || signal.aborted) return;
    const loaded = await until(
      () => video.readyState >= 1 && Number.isFinite(video.duration),
      [[video, ["loadedmetadata", "durationchange"]]],
      signal,
    );
    if (!loaded) return;
    const { interval, moments } = previewMoments(video.duration);
    const canvas = document.createElement("canvas");
    canvas.width = TILE.width * COLUMNS;
    canvas.height = TILE.height * Math.ceil(moments.length / COLUMNS);
    const context = canvas.getContext("2d");
    if (!context) return;
    const captured: Omit<PreviewTile, "url">[] = [];
    const clear = () => !document.hidden && !episodeBuffering(episode) && !browserSavesData();
    const clearSources: Waitable[] = [
      [document, ["visibilitychange"]],
      [episode, ["playing", "pause", "canplay", "canplaythrough", "ended", "emptied"]],
    ];
    for (const moment of moments) {
      if (!(await until(clear, clearSources, signal))) return;
      if (browserSavesData()) return controller.abort();
      // A hair past the tile's start: the first frame of a stretch, not the last of the one before.
      video.currentTime = Math.min(moment + 0.1, video.duration - 0.1);
      const landed = await until(
        () => !video.seeking && video.readyState >= HAVE_CURRENT_DATA,
        [[video, ["seeked", "loadeddata", "canplay"]]],
        signal,
        SEEK_GIVE_UP_MS,
      );
      if (!landed) break;
      const index = captured.length;
      const x = (index % COLUMNS) * TILE.width;
      const y = Math.floor(index / COLUMNS) * TILE.height;
      context.drawImage(video, x, y, TILE.width, TILE.height);
      captured.push({ start: moment, end: Math.min(moment + interval, video.duration), x, y, ...TILE });
      if (captured.length % PUBLISH_EVERY === 0) await publish(canvas, captured);
      await pause(GAP_BETWEEN_FRAMES_MS, signal);
    }
    if (captured.length % PUBLISH_EVERY !== 0) await publish(canvas, captured);
  };

  /** The engine and the element go once the sprite is done or given up; the sprite stays until stopped. */
  const release = () => {
    if (engine && engine !== "native") engine.destroy();
    engine = null;
    video.removeAttribute("src");
    video.load();
  };

  void run()
    .catch(() => controller.abort())
    .finally(release);
  return () => {
    controller.abort();
    release();
    for (const url of sprites.splice(0)) URL.revokeObjectURL(url);
  };
}
