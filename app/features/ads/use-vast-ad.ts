// Plays one VAST ad in a <video> and reports it as VAST asks: impression, start, quartiles, pause/resume,
// mute/unmute, complete, skip, click and error. Used by the player's pre-roll and the developer page alike.
import { useCallback, useEffect, useRef, useState, type SyntheticEvent } from "react";
import { forwardBuffer, hasMediaSource, prefersNativeHls } from "~/features/video-engine/hls-engine";
import { loadHlsJs } from "~/features/video-engine/video-engine";
import {
  expandVastMacros,
  isHlsMediaFile,
  playableMediaFile,
  quartilesReached,
  skipOffsetSeconds,
  trackingUrls,
  type VastAd,
  type VastMediaFile,
} from "./vast";

/** How an ad ended; "none" when there was no ad to play. */
export type AdEnd = "complete" | "skip" | "failed" | "none";
export type SentBeacon = { url: string; sent: boolean };

/** VAST 4 players give up on an ad that has not started in this time; an episode never waits longer. */
export const AD_START_TIMEOUT_MS = 3_000;

// VAST error codes the player reports.
const ERROR_MEDIA_TIMEOUT = 402;
const ERROR_NO_SUPPORTED_MEDIA = 403;
const ERROR_MEDIA_FAILED = 405;

/** Only http(s) addresses become links or requests (a VAST could carry `javascript:`). */
export function httpUrl(value: string | null): URL | null {
  if (!value) return null;
  try {
    const url = new URL(value, window.location.origin);
    return url.protocol === "https:" || url.protocol === "http:" ? url : null;
  } catch {
    return null;
  }
}

/** Requests each address (no cookies, surviving the page's unload); `sendsTo` says which hosts may be called. */
export function sendTrackingUrls(urls: readonly string[], errorCode: number | null, sendsTo: (url: URL) => boolean): SentBeacon[] {
  return urls.map((raw) => {
    const url = httpUrl(expandVastMacros(raw, errorCode));
    const sent = url !== null && sendsTo(url);
    if (url && sent) void fetch(url, { credentials: "omit", keepalive: true, mode: "no-cors" }).catch(() => undefined);
    return { url: url?.toString() ?? raw, sent };
  });
}

/**
 * An ad is seconds long and plays once: it is fetched at the rendition its box shows in CSS pixels, a few seconds
 * ahead. On a phone that is 480p, not the 1080p a fast connection's estimate would pick; and the page's thread,
 * which demuxes every segment (decision 0225), is not held up while the page is still becoming interactive.
 */
export const AD_HLS_CONFIG = {
  ...forwardBuffer(8),
  capLevelToPlayerSize: true,
  ignoreDevicePixelRatio: true,
  enableWorker: false,
} as const;

async function attachAdSource(video: HTMLVideoElement, file: VastMediaFile, onFatalError: () => void): Promise<() => void> {
  if (!isHlsMediaFile(file) || prefersNativeHls(video) || !hasMediaSource()) {
    video.src = file.url;
    return () => {
      video.removeAttribute("src");
      video.load();
    };
  }
  const { default: Hls } = await loadHlsJs();
  const hls = new Hls(AD_HLS_CONFIG);
  hls.on(Hls.Events.ERROR, (_event, data) => data.fatal && onFatalError());
  hls.loadSource(file.url);
  hls.attachMedia(video);
  return () => hls.destroy();
}

export type VastAdOptions = {
  /** undefined while the ad is still being looked up; null when there is none. */
  ad: VastAd | null | undefined;
  /** The ad plays while this is true. */
  active: boolean;
  /** An ad not playing this long after it became active is given up (VAST error 402). */
  startTimeoutMs: number | null;
  /** When the VAST sets no skip offset: seconds before the viewer may skip, or null for not skippable. */
  defaultSkipSeconds: number | null;
  sendsTo(url: URL): boolean;
  onEvent?(event: string, at: number, beacons: SentBeacon[], errorCode: number | null): void;
  onEnd(end: AdEnd): void;
};

export function useVastAd({ ad, active, startTimeoutMs, defaultSkipSeconds, sendsTo, onEvent, onEnd }: VastAdOptions) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [position, setPosition] = useState(0);
  const [mediaDuration, setMediaDuration] = useState<number | null>(null);
  const [started, setStarted] = useState(false);
  const [muted, setMuted] = useState(false);
  const startedRef = useRef(false);
  const endedRef = useRef(false);
  const reported = useRef(new Set<string>());
  const latest = useRef({ ad, sendsTo, onEvent, onEnd });
  latest.current = { ad, sendsTo, onEvent, onEnd };

  const fire = useCallback((event: string, errorCode: number | null = null) => {
    const { ad: current, sendsTo: allowed, onEvent: listener } = latest.current;
    if (!current) return;
    const beacons = sendTrackingUrls(trackingUrls(current, event), errorCode, allowed);
    listener?.(event, videoRef.current?.currentTime ?? 0, beacons, errorCode);
  }, []);

  const end = useCallback(
    (how: AdEnd, errorCode: number | null = null) => {
      if (endedRef.current) return;
      endedRef.current = true;
      if (how === "failed") fire("error", errorCode);
      else if (how !== "none") fire(how);
      videoRef.current?.pause();
      latest.current.onEnd(how);
    },
    [fire],
  );

  useEffect(() => {
    if (active && ad === null) end("none");
  }, [active, ad, end]);

  useEffect(() => {
    if (!active || startTimeoutMs === null) return;
    const timer = window.setTimeout(() => {
      if (!startedRef.current) end("failed", ERROR_MEDIA_TIMEOUT);
    }, startTimeoutMs);
    return () => window.clearTimeout(timer);
  }, [active, startTimeoutMs, end]);

  useEffect(() => {
    const video = videoRef.current;
    if (!active || !ad || !video) return;
    const media = playableMediaFile(ad.mediaFiles, (type) => video.canPlayType(type), typeof MediaSource !== "undefined");
    if (!media) {
      end("failed", ERROR_NO_SUPPORTED_MEDIA);
      return;
    }
    let cancelled = false;
    let detach: (() => void) | null = null;
    const fail = () => !cancelled && end("failed", ERROR_MEDIA_FAILED);
    void attachAdSource(video, media, fail).then((cleanup) => {
      if (cancelled) return cleanup();
      detach = cleanup;
      video.play().catch((error: unknown) => {
        // A browser that refuses sound without a gesture still plays muted: the viewer can turn it on.
        if (cancelled || (error as Error | null)?.name !== "NotAllowedError") return;
        video.muted = true;
        video.play().catch(fail);
      });
    }, fail);
    return () => {
      cancelled = true;
      detach?.();
    };
  }, [active, ad, end]);

  const duration = mediaDuration ?? ad?.durationSeconds ?? null;
  const skipAt = ad ? (skipOffsetSeconds(ad.skipOffset, duration) ?? defaultSkipSeconds) : null;

  const videoHandlers = {
    onPlaying: () => {
      if (startedRef.current || endedRef.current) return;
      startedRef.current = true;
      setStarted(true);
      fire("impression");
      fire("creativeView");
      fire("start");
    },
    onPlay: () => {
      if (startedRef.current && !endedRef.current) fire("resume");
    },
    onPause: (event: SyntheticEvent<HTMLVideoElement>) => {
      if (startedRef.current && !endedRef.current && !event.currentTarget.ended) fire("pause");
    },
    onDurationChange: (event: SyntheticEvent<HTMLVideoElement>) => {
      const value = event.currentTarget.duration;
      setMediaDuration(Number.isFinite(value) && value > 0 ? value : null);
    },
    onTimeUpdate: (event: SyntheticEvent<HTMLVideoElement>) => {
      const { currentTime } = event.currentTarget;
      setPosition(currentTime);
      for (const quartile of quartilesReached(currentTime, duration ?? 0)) {
        if (reported.current.has(quartile)) continue;
        reported.current.add(quartile);
        fire(quartile);
      }
    },
    onVolumeChange: (event: SyntheticEvent<HTMLVideoElement>) => {
      const nowMuted = event.currentTarget.muted;
      if (nowMuted === muted) return;
      setMuted(nowMuted);
      if (startedRef.current) fire(nowMuted ? "mute" : "unmute");
    },
    onEnded: () => end("complete"),
    onError: () => {
      if (active) end("failed", ERROR_MEDIA_FAILED);
    },
  };

  return {
    videoRef,
    videoHandlers,
    started,
    position,
    muted,
    skipAt,
    canSkip: started && skipAt !== null && position >= skipAt,
    skip: () => end("skip"),
    toggleMute: () => {
      if (videoRef.current) videoRef.current.muted = !videoRef.current.muted;
    },
    clickThrough: httpUrl(ad?.clickThrough ?? null),
    onClickThrough: () => fire("clickThrough"),
  };
}
