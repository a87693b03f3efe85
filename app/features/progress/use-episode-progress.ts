// Saves the playing episode's position: about every 2 s while it plays (local), at pause, end and page exit.
import { useEffect, useRef, type RefObject } from "react";
import type { ProgressStore, ReleaseCard } from "./progress-store";
import { isWatchedAt, MIN_SAVED_SECONDS } from "./watched-rule";
import type { EpisodeSkip } from "~/domain/release";

const LOCAL_SAVE_EVERY_MS = 2_000;

export type TrackedEpisode = { id: string; duration: number | null; ending: EpisodeSkip | null };

export function useEpisodeProgress(
  videoRef: RefObject<HTMLVideoElement>,
  store: ProgressStore | null,
  episode: TrackedEpisode,
  release: ReleaseCard | null,
): void {
  const releaseRef = useRef(release);
  releaseRef.current = release;

  useEffect(() => {
    const video = videoRef.current;
    if (!video || !store) return;
    let lastSavedAt = 0;
    let lastSavedTime = -1;
    let watched = store.get(episode.id)?.isWatched ?? false;

    const save = (force: boolean) => {
      const duration = Number.isFinite(video.duration) && video.duration > 0 ? video.duration : episode.duration;
      const time = video.currentTime;
      // Nothing loaded (or the stream already detached): there is no position to speak of.
      if (video.readyState === HTMLMediaElement.HAVE_NOTHING) return;
      if (time < MIN_SAVED_SECONDS && !watched) return;
      // Once watched, an episode stays watched when the viewer scrolls back to a favourite scene.
      watched = watched || video.ended || isWatchedAt(time, duration, episode.ending);
      if (!force && Math.abs(time - lastSavedTime) < 0.5) return;
      lastSavedAt = Date.now();
      lastSavedTime = time;
      const card = releaseRef.current ? { ...releaseRef.current, duration: duration ?? null } : null;
      store.save({ releaseEpisodeId: episode.id, time: Math.round(time * 10) / 10, isWatched: watched }, card);
    };
    const onTime = () => {
      if (!video.paused && Date.now() - lastSavedAt >= LOCAL_SAVE_EVERY_MS) save(false);
    };
    const onPause = () => {
      save(true);
      void store.flush();
    };
    const onSeeked = () => save(false);
    const onExit = () => {
      save(true);
      store.flushOnExit();
    };
    const onVisibility = () => {
      if (document.visibilityState === "hidden") onExit();
    };
    video.addEventListener("timeupdate", onTime);
    video.addEventListener("pause", onPause);
    video.addEventListener("ended", onPause);
    video.addEventListener("seeked", onSeeked);
    window.addEventListener("pagehide", onExit);
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      video.removeEventListener("timeupdate", onTime);
      video.removeEventListener("pause", onPause);
      video.removeEventListener("ended", onPause);
      video.removeEventListener("seeked", onSeeked);
      window.removeEventListener("pagehide", onExit);
      document.removeEventListener("visibilitychange", onVisibility);
      // Leaving for another episode inside the app: this one's position is kept too.
      save(true);
    };
  }, [videoRef, store, episode.id, episode.duration, episode.ending]);
}
