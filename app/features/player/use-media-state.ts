// A snapshot of the <video>'s playback state, refreshed by its own events.
import { useEffect, useState, type RefObject } from "react";

export type MediaState = {
  paused: boolean;
  ended: boolean;
  waiting: boolean;
  currentTime: number;
  duration: number;
  bufferedEnd: number;
  volume: number;
  muted: boolean;
  playbackRate: number;
};

export const INITIAL_MEDIA_STATE: MediaState = {
  paused: true,
  ended: false,
  waiting: false,
  currentTime: 0,
  duration: 0,
  bufferedEnd: 0,
  volume: 1,
  muted: false,
  playbackRate: 1,
};

const EVENTS = [
  "play",
  "pause",
  "playing",
  "waiting",
  "timeupdate",
  "durationchange",
  "progress",
  "volumechange",
  "ratechange",
  "ended",
  "seeking",
  "seeked",
  "loadedmetadata",
  "emptied",
] as const;

function bufferedEndAt(video: HTMLVideoElement): number {
  const { buffered, currentTime } = video;
  for (let index = 0; index < buffered.length; index++) {
    if (buffered.start(index) <= currentTime + 0.5 && buffered.end(index) >= currentTime) return buffered.end(index);
  }
  return currentTime;
}

export function readMediaState(video: HTMLVideoElement, waiting: boolean): MediaState {
  return {
    paused: video.paused,
    ended: video.ended,
    waiting,
    currentTime: video.currentTime,
    duration: Number.isFinite(video.duration) ? video.duration : 0,
    bufferedEnd: bufferedEndAt(video),
    volume: video.volume,
    muted: video.muted,
    playbackRate: video.playbackRate,
  };
}

export function useMediaState(videoRef: RefObject<HTMLVideoElement>): MediaState {
  const [state, setState] = useState<MediaState>(INITIAL_MEDIA_STATE);
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let waiting = false;
    const update = (event?: Event) => {
      if (event?.type === "waiting") waiting = true;
      else if (event && ["playing", "pause", "seeked", "ended", "emptied"].includes(event.type)) waiting = false;
      setState(readMediaState(video, waiting));
    };
    for (const name of EVENTS) video.addEventListener(name, update);
    update();
    return () => {
      for (const name of EVENTS) video.removeEventListener(name, update);
    };
  }, [videoRef]);
  return state;
}
