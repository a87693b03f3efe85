// The episode's stream, started by a small inline script as soon as hls.js has arrived, while the page's other
// modules wait (decision 0235). The first frame then needs hls.js, the playlists and the first segment — not React,
// the router and the player's own code, which used to come first and share the connection with them. When the
// player hydrates, it adopts this engine if it would have started the same stream, and replaces it if not.
// Imports nothing that imports React: the build makes it an entry of its own (scripts/standalone-client-chunk.ts).
import type HlsType from "hls.js";
import type { TimecodeEntry } from "~/domain/account";
import type { TimecodeTransport } from "~/features/progress/account-timecodes";
import { browserStorage } from "~/features/progress/browser-storage";
import { createAccountProgressStore, createVisitorProgressStore } from "~/features/progress/progress-store";
import { resumePosition } from "~/features/progress/watched-rule";
import { preRollDueNow } from "./ad-session";
import type { AdFlags } from "~/domain/ad-slots";
import { ROOM_QUERY_PARAMETER } from "~/domain/room-paths";
import {
  hasMediaSource,
  hlsEngine,
  prefersNativeHls,
  streamKey,
  type EngineCallbacks,
  type EngineSource,
  type VideoEngine,
} from "./hls-engine";
import type { Rendition } from "./renditions";
import { applyRememberedPlayback, loadSettings } from "./settings";

/** Who watches: the ad flags decide the pre-roll; an account's own position on this episode, if the server has one. */
export type EarlyViewer = { adFlags: AdFlags; account: { id: number; timecodes: TimecodeEntry[] } | null };

/** What the server tells the inline script: the episode's stream, as the player would attach it, and who watches. */
export type EarlyEnginePlan = {
  episodeId: string;
  duration: number | null;
  renditions: readonly Rendition[];
  masterUrl: string;
  mirrors: readonly string[];
  /** A link to a moment: played from there rather than from the saved position. */
  moment: number | null;
  viewer: EarlyViewer;
};

/** The attribute naming the episode of its `<video>`; the inline script comes right after it. */
export const EARLY_ENGINE_VIDEO_ATTRIBUTE = "data-episode-video";
/**
 * Dispatched on `window` once the early start is over — the first frame is there, the stream failed, or there was
 * nothing to start — and kept as an attribute on `<html>` for a listener that comes later. The page's modules wait
 * for it (`PageScripts`).
 */
export const EARLY_ENGINE_SETTLED_EVENT = "player:early-start-settled";
export const EARLY_ENGINE_SETTLED_ATTRIBUTE = "data-early-start-settled";
/**
 * A page that has not hydrated this long after the early start (a module that failed to load, say) gets the
 * browser's own controls on its `<video>`: a stream that plays must be stoppable.
 */
export const OWN_CONTROLS_AFTER_MS = 10_000;

/** What the engine reported before the player adopted it, and to whom it reports since. */
type Reports = { to: EngineCallbacks | null; lastRendition: number | null | undefined; failed: boolean };
type EarlyEngine = { video: HTMLVideoElement; key: string; engine: VideoEngine; reports: Reports };

let running: EarlyEngine | null = null;
/** Videos whose player has begun to attach: an early start that comes later leaves them alone. */
const attachedByPlayer = new WeakSet<HTMLVideoElement>();
const ownControlsTimers = new WeakMap<HTMLVideoElement, ReturnType<typeof setTimeout>>();

function offerOwnControlsLater(video: HTMLVideoElement): void {
  ownControlsTimers.set(
    video,
    setTimeout(() => (video.controls = true), OWN_CONTROLS_AFTER_MS),
  );
}

function takeOwnControlsBack(video: HTMLVideoElement): void {
  const timer = ownControlsTimers.get(video);
  if (timer === undefined) return;
  clearTimeout(timer);
  ownControlsTimers.delete(video);
  video.controls = false;
}

/**
 * The browser's data saver: nothing of the stream before the viewer presses play (decision 0288). Read here, not
 * through `~/domain/low-data`: the page's shell imports that module, and this entry would load the shell's chunk with it.
 */
function savesData(): boolean {
  return (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
}

/** Two starts are the same when they would ask for the same files from the same place, at the same quality and time. */
export function engineKey(source: EngineSource): string {
  return JSON.stringify([streamKey(source), source.quality, source.startAt]);
}

function settle(): void {
  document.documentElement.setAttribute(EARLY_ENGINE_SETTLED_ATTRIBUTE, "");
  window.dispatchEvent(new Event(EARLY_ENGINE_SETTLED_EVENT));
}

/** The early start only reads the store: nothing is sent or fetched through it. */
const NO_TRANSPORT: TimecodeTransport = {
  send: () => Promise.resolve(false),
  sendOnExit: () => false,
  fetchAll: () => Promise.resolve(null),
};

/** Where the player will start: a linked moment, or the same store it reads (this browser's storage and the account's position). */
function resumeAt({ episodeId, duration, viewer, moment }: EarlyEnginePlan): number {
  if (moment !== null) return moment;
  const options = { storage: browserStorage() };
  const store = viewer.account ? createAccountProgressStore(viewer.account.id, NO_TRANSPORT, options) : createVisitorProgressStore(options);
  if (viewer.account) store.receiveServerEntries(viewer.account.timecodes);
  return resumePosition(store.get(episodeId), duration);
}

function episodeVideo(episodeId: string): HTMLVideoElement | null {
  const videos = [...document.querySelectorAll<HTMLVideoElement>(`video[${EARLY_ENGINE_VIDEO_ATTRIBUTE}]`)];
  return videos.find((video) => video.getAttribute(EARLY_ENGINE_VIDEO_ATTRIBUTE) === episodeId) ?? null;
}

/**
 * Starts the episode where the player will: the viewer's quality and resume position. With a pre-roll due, the
 * episode is held to its first seconds (the player shows the ad once hydrated); without one, it plays at once at the
 * remembered volume and speed, as the player would (the browser may refuse to autoplay: the player then offers its
 * play button); in a watch-together room it is loaded, not played. Only where the player would use hls.js, and not once the player has begun to attach.
 */
export function startEarlyEngine(Hls: typeof HlsType, plan: EarlyEnginePlan, create = hlsEngine): void {
  const video = episodeVideo(plan.episodeId);
  if (!video || running || attachedByPlayer.has(video)) return settle();
  offerOwnControlsLater(video);
  if (prefersNativeHls(video) || !hasMediaSource() || !Hls.isSupported() || savesData()) return settle();
  const settings = loadSettings();
  const preRollDue = preRollDueNow(plan.viewer.adFlags);
  const source: EngineSource = { ...plan, quality: settings.quality, startAt: resumeAt(plan), waiting: preRollDue };
  const reports: Reports = { to: null, lastRendition: undefined, failed: false };
  video.addEventListener("loadeddata", settle, { once: true });
  const engine = create(Hls, video, source, {
    onRendition(height) {
      reports.lastRendition = height;
      reports.to?.onRendition(height);
    },
    onFatalError() {
      if (reports.to) return reports.to.onFatalError();
      reports.failed = true;
      settle();
    },
  });
  const key = engineKey(source);
  // In a watch-together room the room's clock starts the episode, where the room is (decision 0280): loaded, not played.
  const inRoom = new URLSearchParams(window.location.search).has(ROOM_QUERY_PARAMETER);
  if (preRollDue || inRoom) {
    running = { video, key, engine, reports };
    return;
  }
  applyRememberedPlayback(video, settings);
  const startedPlaying = video.play().then(
    () => true,
    () => false,
  );
  running = { video, key, engine: { ...engine, startedPlaying }, reports };
}

/**
 * Called as the player begins to attach `video`, whichever engine it will use: the early engine, if it plays `source`
 * there, which then reports to `callbacks`. One that started another stream (the server's position for an account
 * changed since the page was sent, say) or failed is destroyed, as is one left on a `<video>` the page no longer has;
 * the player then attaches its own.
 */
export function adoptEarlyEngine(video: HTMLVideoElement, source: EngineSource, callbacks: EngineCallbacks): VideoEngine | null {
  attachedByPlayer.add(video);
  takeOwnControlsBack(video);
  const early = running;
  if (!early) return null;
  running = null;
  takeOwnControlsBack(early.video);
  if (early.video !== video || early.reports.failed || early.key !== engineKey(source)) {
    early.engine.destroy();
    return null;
  }
  early.reports.to = callbacks;
  early.engine.setWaiting(source.waiting);
  if (early.reports.lastRendition !== undefined) callbacks.onRendition(early.reports.lastRendition);
  return early.engine;
}
