// The episode's stream, started by a small inline script as soon as hls.js has arrived, while the page's other
// modules wait (decision 0235). The first frame then needs hls.js, the playlists and the first segment — not React,
// the router and the player's own code, which used to come first and share the connection with them. When the
// player hydrates, it adopts this engine if it would have started the same stream, and replaces it if not.
// Imports nothing that imports React: this module is a chunk of its own (scripts/client-chunks.ts).
import type HlsType from "hls.js";
import { loadLocalProgress } from "~/features/progress/local-progress";
import { resumePosition } from "~/features/progress/watched-rule";
import { preRollPlayedThisSession } from "./ad-session";
import { adSlotsFor, type AdFlags } from "./ad-slots";
import { hasMediaSource, hlsEngine, prefersNativeHls, type EngineCallbacks, type EngineSource, type VideoEngine } from "./hls-engine";
import type { Rendition } from "./renditions";
import { applyRememberedPlayback, loadSettings } from "./settings";

/** What the server tells the inline script: the episode's stream, as the player would attach it. */
export type EarlyEnginePlan = {
  episodeId: string;
  duration: number | null;
  renditions: readonly Rendition[];
  masterUrl: string;
  mirrors: readonly string[];
  /** The viewer's ad flags: with no pre-roll due, the episode plays at once. */
  adFlags: AdFlags;
};

/** The attribute marking the episode's `<video>`; the inline script comes right after it. */
export const EARLY_ENGINE_VIDEO_ATTRIBUTE = "data-episode-video";
/**
 * Dispatched on `window` once the early start is over — the first frame is there, the stream failed, or there was
 * nothing to start — and kept as an attribute on `<html>` for a listener that comes later. The page's modules wait
 * for it (`PageScripts`).
 */
export const EARLY_ENGINE_SETTLED_EVENT = "player:early-start-settled";
export const EARLY_ENGINE_SETTLED_ATTRIBUTE = "data-early-start-settled";

/** What the engine has said before the player adopted it, and whom it tells since. */
type Hearing = { listener: EngineCallbacks | null; lastRendition: number | null | undefined; failed: boolean };
type Started = { video: HTMLVideoElement; key: string; engine: VideoEngine; hearing: Hearing };

let started: Started | null = null;

/** Two starts are the same stream when they would ask for the same files from the same place. */
export function engineKey(source: EngineSource): string {
  const { masterUrl, renditions, mirrors, quality, startAt } = source;
  return JSON.stringify([masterUrl, renditions.map((rendition) => rendition.url), mirrors, quality, startAt]);
}

function settle(): void {
  document.documentElement.setAttribute(EARLY_ENGINE_SETTLED_ATTRIBUTE, "");
  window.dispatchEvent(new Event(EARLY_ENGINE_SETTLED_EVENT));
}

/**
 * Starts the episode where the player will: the viewer's quality and this browser's resume position. With a pre-roll
 * due, the episode is held to its first seconds (the player shows the ad once hydrated); without one, it plays at once
 * at the remembered volume and speed, as the player would (the browser may refuse to autoplay: the player then offers
 * its play button). Only where the player would use hls.js.
 */
export function startEarlyEngine(Hls: typeof HlsType, plan: EarlyEnginePlan, create = hlsEngine): void {
  const video = document.querySelector<HTMLVideoElement>(`video[${EARLY_ENGINE_VIDEO_ATTRIBUTE}]`);
  if (!video || started || prefersNativeHls(video) || !hasMediaSource() || !Hls.isSupported()) return settle();
  const settings = loadSettings();
  const startAt = resumePosition(loadLocalProgress().timecodes[plan.episodeId] ?? null, plan.duration);
  const preRollDue = adSlotsFor(plan.adFlags, preRollPlayedThisSession()).includes("pre-roll");
  const source: EngineSource = { ...plan, quality: settings.quality, startAt, waiting: preRollDue };
  const hearing: Hearing = { listener: null, lastRendition: undefined, failed: false };
  video.addEventListener("loadeddata", settle, { once: true });
  const engine = create(Hls, video, source, {
    onRendition(height) {
      hearing.lastRendition = height;
      hearing.listener?.onRendition(height);
    },
    onFatalError() {
      if (hearing.listener) return hearing.listener.onFatalError();
      hearing.failed = true;
      settle();
    },
  });
  if (preRollDue) {
    started = { video, key: engineKey(source), engine, hearing };
    return;
  }
  applyRememberedPlayback(video, settings);
  const startedPlaying = video.play().then(
    () => true,
    () => false,
  );
  started = { video, key: engineKey(source), engine: { ...engine, startedPlaying }, hearing };
}

/**
 * The early engine, if it plays `source` in `video`; it then reports to `callbacks`. One that started another stream
 * (the account's saved position, say) or failed is destroyed, and the player attaches its own.
 */
export function adoptEarlyEngine(video: HTMLVideoElement, source: EngineSource, callbacks: EngineCallbacks): VideoEngine | null {
  const taken = started;
  if (!taken || taken.video !== video) return null;
  started = null;
  if (taken.hearing.failed || taken.key !== engineKey(source)) {
    taken.engine.destroy();
    return null;
  }
  taken.hearing.listener = callbacks;
  taken.engine.setWaiting(source.waiting);
  if (taken.hearing.lastRendition !== undefined) callbacks.onRendition(taken.hearing.lastRendition);
  return taken.engine;
}
