// What the player can be told to do, from its buttons, the keyboard, the system's media keys and taps: play, seek,
// skip an opening, change volume, speed or quality, move between episodes. Auto-skip is here too: it is a skip.
import { useCallback, useEffect, useMemo, useRef, type RefObject } from "react";
import { useNavigate } from "@remix-run/react";
import type { EndCardEvent } from "./auto-next";
import type { PlayerMenuName } from "./control-bar";
import type { PlayerCommand } from "./keyboard";
import type { QueueEpisode } from "~/features/video-engine/player-data";
import { PLAYBACK_RATES, type PlayerSettings, type QualityChoice } from "~/features/video-engine/settings";
import {
  PLAYER_SEEK_EVENT,
  PLAYER_SKIP_EVENT,
  PLAYER_TOGGLE_EVENT,
  shouldAutoSkip,
  type PlayerSeekDetail,
  type PlayerSkipDetail,
  type PlayerToggleDetail,
  type SkipKind,
  type SkipRange,
} from "~/features/video-engine/skip-ranges";
import type { useFullscreen, usePictureInPicture } from "./use-fullscreen";
import { useMediaSession, type MediaSessionInfo } from "./use-media-session";
import { usePlayerKeyboard } from "./use-player-keyboard";

type Options = {
  videoRef: RefObject<HTMLVideoElement>;
  settings: PlayerSettings;
  updateSettings(change: Partial<PlayerSettings>): void;
  setQuality(quality: QualityChoice): void;
  /** The pre-roll: while it shows, the keys belong to its own buttons; the first start may be its. */
  preRoll: { showing: boolean; takeStart(): boolean };
  playEpisode(): void;
  paused: boolean;
  activeRange: SkipRange | null;
  previous: QueueEpisode | null;
  next: QueueEpisode | null;
  hrefFor(episodeId: string): string;
  fullscreen: ReturnType<typeof useFullscreen>;
  pip: ReturnType<typeof usePictureInPicture>;
  dispatchEndCard(event: EndCardEvent): void;
  setOpenMenu(menu: PlayerMenuName | null): void;
  showHelp(): void;
  /** An opening or ending was skipped, by hand or on its own. */
  onSkipped(kind: SkipKind): void;
  mediaSession: MediaSessionInfo;
};

export function usePlayerCommands(options: Options) {
  const { videoRef, settings, updateSettings, setQuality, preRoll, playEpisode, paused, activeRange, previous, next, hrefFor } = options;
  const { takeStart } = preRoll;
  const navigate = useNavigate();
  const skipped = useRef(new Set<SkipKind>());
  const { onSkipped } = options;

  const moveTo = useCallback(
    (time: number, announce: (position: number) => Event) => {
      const video = videoRef.current;
      if (!video) return;
      const duration = Number.isFinite(video.duration) ? video.duration : Infinity;
      const position = Math.max(0, Math.min(time, duration));
      video.dispatchEvent(announce(position));
      video.currentTime = position;
    },
    [videoRef],
  );
  const seek = useCallback(
    (time: number) => moveTo(time, (position) => new CustomEvent<PlayerSeekDetail>(PLAYER_SEEK_EVENT, { detail: { position } })),
    [moveTo],
  );
  const seekBy = useCallback((seconds: number) => videoRef.current && seek(videoRef.current.currentTime + seconds), [videoRef, seek]);

  const skipRange = useCallback(
    (range: { kind: SkipKind; stop: number } | null) => {
      if (!range) return;
      skipped.current.add(range.kind);
      const kind = range.kind;
      moveTo(range.stop, (position) => new CustomEvent<PlayerSkipDetail>(PLAYER_SKIP_EVENT, { detail: { kind, position } }));
      onSkipped(range.kind);
    },
    [moveTo, onSkipped],
  );
  useEffect(() => {
    if (!paused && shouldAutoSkip(activeRange, settings, skipped.current)) skipRange(activeRange);
  }, [activeRange, paused, settings, skipRange]);

  const { dispatchEndCard } = options;
  const togglePlay = useCallback(() => {
    const video = videoRef.current;
    if (!video) return;
    const wants = video.paused || video.ended ? "play" : "pause";
    const toggle = new CustomEvent<PlayerToggleDetail>(PLAYER_TOGGLE_EVENT, { detail: { wants }, cancelable: true });
    if (!video.dispatchEvent(toggle)) return;
    if (wants === "play") {
      dispatchEndCard({ kind: "dismiss" });
      if (!takeStart()) playEpisode();
    } else {
      video.pause();
    }
  }, [videoRef, dispatchEndCard, takeStart, playEpisode]);

  const goTo = useCallback((target: QueueEpisode | null) => target && navigate(hrefFor(target.id)), [navigate, hrefFor]);

  const changeQuality = useCallback(
    (quality: QualityChoice) => {
      updateSettings({ quality });
      setQuality(quality);
    },
    [updateSettings, setQuality],
  );

  const changeVolume = useCallback(
    (volume: number) => {
      const clamped = Math.round(Math.max(0, Math.min(1, volume)) * 100) / 100;
      updateSettings({ volume: clamped, muted: clamped === 0 });
    },
    [updateSettings],
  );

  const run = (command: PlayerCommand) => {
    const video = videoRef.current;
    // During the ad the keys belong to its own buttons; only fullscreen still works.
    if (preRoll.showing && command.kind !== "toggle-fullscreen") return;
    switch (command.kind) {
      case "toggle-play":
        return togglePlay();
      case "seek-by":
        return video && seek(video.currentTime + command.seconds);
      case "seek-to-fraction":
        return video && Number.isFinite(video.duration) && seek(video.duration * command.fraction);
      case "volume-by":
        return changeVolume((settings.muted ? 0 : settings.volume) + command.delta);
      case "toggle-mute":
        return updateSettings({ muted: !settings.muted, volume: settings.muted && settings.volume === 0 ? 0.5 : settings.volume });
      case "toggle-fullscreen":
        return options.fullscreen.toggle();
      case "toggle-pip":
        return options.pip.toggle();
      case "toggle-theatre":
        return updateSettings({ theatre: !settings.theatre });
      case "next-episode":
        return goTo(next);
      case "previous-episode":
        return goTo(previous);
      case "skip-range":
        return skipRange(activeRange);
      case "rate-by": {
        const index = PLAYBACK_RATES.indexOf(settings.playbackRate as (typeof PLAYBACK_RATES)[number]);
        const nextRate = PLAYBACK_RATES[Math.max(0, Math.min(PLAYBACK_RATES.length - 1, index + command.steps))];
        return nextRate && updateSettings({ playbackRate: nextRate });
      }
      case "show-help":
        return options.showHelp();
      case "close":
        options.setOpenMenu(null);
        return dispatchEndCard({ kind: "cancel" });
    }
  };
  usePlayerKeyboard(run);

  const sessionActions = useMemo(
    () => ({
      play: () => void videoRef.current?.play().catch(() => undefined),
      pause: () => videoRef.current?.pause(),
      seekBy,
      next: next ? () => goTo(next) : null,
      previous: previous ? () => goTo(previous) : null,
    }),
    [videoRef, seekBy, goTo, next, previous],
  );
  useMediaSession(options.mediaSession, sessionActions);

  return { run, seek, seekBy, skipRange, togglePlay, goTo, changeQuality, changeVolume };
}
