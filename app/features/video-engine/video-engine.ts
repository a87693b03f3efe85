// Puts an episode's HLS into the <video>: the browser's own HLS on Apple WebKit (and wherever MSE is
// missing), hls.js everywhere else, loaded on demand so no other page pays for it.
import type HlsType from "hls.js";
import { hasMediaSource, hlsEngine, prefersNativeHls, type EngineCallbacks, type EngineSource, type VideoEngine } from "./hls-engine";
import { onMirror } from "./media-mirrors";
import { renditionForChoice, type Rendition } from "./renditions";
import type { QualityChoice } from "./settings";

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

async function attachHlsJs(video: HTMLVideoElement, source: EngineSource, callbacks: EngineCallbacks): Promise<VideoEngine> {
  const { default: Hls } = await loadHlsJs();
  return hlsEngine(Hls, video, source, callbacks);
}

export async function attachVideoEngine(video: HTMLVideoElement, source: EngineSource, callbacks: EngineCallbacks): Promise<VideoEngine> {
  // The page's early start hands the video over, with the stream if it started the same one (decision 0235): the same
  // module its inline script ran, which the build keeps apart from the rest.
  const { adoptEarlyEngine } = await import("./early-engine");
  const adopted = adoptEarlyEngine(video, source, callbacks);
  if (adopted) return adopted;
  if (prefersNativeHls(video)) return attachNative(video, source, callbacks);
  if (hasMediaSource()) return attachHlsJs(video, source, callbacks);
  if (video.canPlayType("application/vnd.apple.mpegurl")) return attachNative(video, source, callbacks);
  callbacks.onFatalError();
  return { kind: "native", setQuality: () => undefined, setWaiting: () => undefined, destroy: () => undefined };
}
