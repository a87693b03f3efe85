// The HLS player of one episode: the <video>, its controls, skip, end card, shortcuts and progress saving.
import { useCallback, useEffect, useMemo, useReducer, useRef, useState, type PointerEvent, type RefObject } from "react";
import { useNavigate } from "@remix-run/react";
import { useEpisodeProgress } from "~/features/progress/use-episode-progress";
import type { ProgressStore, ReleaseCard } from "~/features/progress/progress-store";
import { resumePosition } from "~/features/progress/watched-rule";
import type { AdFlags } from "./ad-slots";
import { END_CARD_HIDDEN, endCardReducer, type EndCardEvent, type EndCardState } from "./auto-next";
import { ControlBar, type PlayerMenuName } from "./control-bar";
import { barLayout, OPTIONAL_CONTROLS, type OptionalControl } from "./control-layout";
import { EARLY_ENGINE_VIDEO_ATTRIBUTE } from "./early-engine";
import { EndCard } from "./end-card";
import { LONG_SEEK_STEP_SECONDS, type PlayerCommand } from "./keyboard";
import { PreRoll } from "./pre-roll";
import type { PlayerEpisode, PlayerRelease, QueueEpisode } from "./player-data";
import { applyRememberedPlayback, PLAYBACK_RATES, type PlayerSettings, type QualityChoice } from "./settings";
import { ShortcutHelp } from "./shortcut-help";
import { activeSkipRange, shouldAutoSkip, skipRangesOf, type SkipKind } from "./skip-ranges";
import { formatClock } from "~/i18n/format";
import { episodeLabel, playerStrings } from "./strings";
import { interpretTap, sideOf, type LastTap, type TapSide } from "./touch-gestures";
import { useElementSize } from "./use-element-size";
import { useFullscreen, usePictureInPicture } from "./use-fullscreen";
import { useMediaSession } from "./use-media-session";
import { useMediaState } from "./use-media-state";
import { usePreRoll } from "./use-pre-roll";
import { usePlayerKeyboard } from "./use-player-keyboard";
import { useVideoEngine } from "./use-video-engine";
import { warmUpVideoEngine } from "./video-engine";

warmUpVideoEngine();

const CONTROLS_HIDE_AFTER_MS = 3_000;
const RESUME_NOTICE_SECONDS = 6;
const SEEK_FLASH_MS = 700;
// Below this the menus would not fit over the picture whole (the settings take about 230 px in two columns).
const MENU_POPOVER_MIN_WIDTH = 560;
const MENU_POPOVER_MIN_HEIGHT = 320;

type Props = {
  episode: PlayerEpisode;
  release: PlayerRelease | null;
  masterUrl: string;
  /** The media hosts in order of preference: a file that fails on one is loaded from the next. */
  mediaMirrors: readonly string[];
  previous: QueueEpisode | null;
  next: QueueEpisode | null;
  hrefFor(episodeId: string): string;
  settings: PlayerSettings;
  /** The remembered settings have replaced the server's defaults: the stream and the volume wait for them. */
  settingsLoaded: boolean;
  updateSettings(change: Partial<PlayerSettings>): void;
  store: ProgressStore | null;
  adFlags: AdFlags;
  /** The element that goes fullscreen; it outlives the episode so auto-next stays fullscreen. */
  stageRef: RefObject<HTMLDivElement>;
};

function endCardStateReducer(state: { card: EndCardState; go: number }, event: EndCardEvent) {
  const step = endCardReducer(state.card, event);
  return { card: step.state, go: step.go ? state.go + 1 : state.go };
}

export function HlsPlayer(props: Props) {
  const {
    episode,
    release,
    masterUrl,
    mediaMirrors,
    previous,
    next,
    hrefFor,
    settings,
    settingsLoaded,
    updateSettings,
    store,
    adFlags,
    stageRef,
  } = props;
  const navigate = useNavigate();
  const videoRef = useRef<HTMLVideoElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const size = useElementSize(rootRef);
  const [hydrated, setHydrated] = useState(false);
  const [needsGesture, setNeedsGesture] = useState(false);
  const [openMenu, setOpenMenu] = useState<PlayerMenuName | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const [idle, setIdle] = useState(false);
  const [hiddenByTap, setHiddenByTap] = useState(false);
  const [seekFlash, setSeekFlash] = useState<{ side: TapSide; count: number } | null>(null);
  const [resumedAt, setResumedAt] = useState<number | null>(null);
  const [endCard, dispatchEndCard] = useReducer(endCardStateReducer, { card: END_CARD_HIDDEN, go: 0 });
  const skipped = useRef(new Set<SkipKind>());
  const media = useMediaState(videoRef);
  const fullscreen = useFullscreen(stageRef);
  const pip = usePictureInPicture(videoRef);

  useEffect(() => setHydrated(true), []);

  const playEpisode = useCallback(() => {
    const video = videoRef.current;
    if (!video) return;
    video.play().then(
      () => setNeedsGesture(false),
      () => setNeedsGesture(true),
    );
  }, []);
  // The episode's first start goes to the pre-roll when one is due; the episode plays when it ends.
  const preRoll = usePreRoll(adFlags, playEpisode);
  const { takeStart, holdsEpisode } = preRoll;

  const releaseCard: ReleaseCard | null = useMemo(
    () =>
      release
        ? {
            releaseId: release.id,
            alias: release.alias,
            title: release.title,
            poster: release.poster,
            episodeOrdinal: episode.ordinal,
            duration: episode.duration,
            nextEpisode: next ? { id: next.id, ordinal: next.ordinal, duration: next.duration } : null,
          }
        : null,
    [release, episode.ordinal, episode.duration, next],
  );
  // Declared before the engine: its cleanup saves the position while the stream is still attached.
  useEpisodeProgress(videoRef, store, episode, releaseCard);

  const settingsRef = useRef(settings);
  settingsRef.current = settings;
  const engine = useVideoEngine(
    videoRef,
    { renditions: episode.renditions, masterUrl, mirrors: mediaMirrors },
    () => {
      const startAt = resumePosition(store?.get(episode.id) ?? null, episode.duration);
      if (startAt > 0) setResumedAt(startAt);
      return { quality: settingsRef.current.quality, startAt, waiting: holdsEpisode() };
    },
    (attached) => {
      // The early start already asked it to play (no pre-roll was due): asking again would undo a pause since.
      if (attached.startedPlaying) void attached.startedPlaying.then((played) => setNeedsGesture(!played));
      else if (!takeStart()) playEpisode();
    },
    preRoll.holdingEpisode,
    settingsLoaded,
  );

  const { volume: rememberedVolume, muted: rememberedMuted, playbackRate: rememberedRate } = settings;
  useEffect(() => {
    const video = videoRef.current;
    if (video && settingsLoaded)
      applyRememberedPlayback(video, { volume: rememberedVolume, muted: rememberedMuted, playbackRate: rememberedRate });
  }, [rememberedVolume, rememberedMuted, rememberedRate, settingsLoaded, engine.kind]);

  // The notice stays while it matters: until the viewer has watched a few seconds from the resume point.
  useEffect(() => {
    if (resumedAt !== null && media.currentTime > resumedAt + RESUME_NOTICE_SECONDS) setResumedAt(null);
  }, [resumedAt, media.currentTime]);

  const ranges = useMemo(() => skipRangesOf(episode, media.duration || episode.duration), [episode, media.duration]);
  const activeRange = activeSkipRange(ranges, media.currentTime);

  const seek = useCallback((time: number) => {
    const video = videoRef.current;
    if (!video) return;
    const duration = Number.isFinite(video.duration) ? video.duration : Infinity;
    video.currentTime = Math.max(0, Math.min(time, duration));
  }, []);

  const skipRange = useCallback(
    (range: { kind: SkipKind; stop: number } | null) => {
      if (!range) return;
      skipped.current.add(range.kind);
      seek(range.stop);
    },
    [seek],
  );

  useEffect(() => {
    if (!media.paused && shouldAutoSkip(activeRange, settings, skipped.current)) skipRange(activeRange);
  }, [activeRange, media.paused, settings, skipRange]);

  // The end card and its countdown.
  useEffect(() => {
    if (!media.ended) return;
    dispatchEndCard({ kind: "ended", hasNext: next !== null, autoNext: settings.autoNext, countdown: settings.autoNextCountdown });
  }, [media.ended, next, settings.autoNext, settings.autoNextCountdown]);
  useEffect(() => {
    if (endCard.card.kind !== "counting") return;
    const timer = window.setInterval(() => dispatchEndCard({ kind: "tick" }), 1000);
    return () => window.clearInterval(timer);
  }, [endCard.card.kind]);
  useEffect(() => {
    if (endCard.go > 0 && next) navigate(hrefFor(next.id));
  }, [endCard.go, next, navigate, hrefFor]);

  const togglePlay = useCallback(() => {
    const video = videoRef.current;
    if (!video) return;
    if (video.paused || video.ended) {
      dispatchEndCard({ kind: "dismiss" });
      if (!takeStart()) playEpisode();
    } else {
      video.pause();
    }
  }, [takeStart, playEpisode]);

  const goTo = useCallback((target: QueueEpisode | null) => target && navigate(hrefFor(target.id)), [navigate, hrefFor]);

  const changeQuality = useCallback(
    (quality: QualityChoice) => {
      updateSettings({ quality });
      engine.setQuality(quality);
    },
    [updateSettings, engine],
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
        return fullscreen.toggle();
      case "toggle-pip":
        return pip.toggle();
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
        return setHelpOpen(true);
      case "close":
        setOpenMenu(null);
        return dispatchEndCard({ kind: "cancel" });
    }
  };
  usePlayerKeyboard(run);

  const sessionActions = useMemo(
    () => ({
      play: () => void videoRef.current?.play().catch(() => undefined),
      pause: () => videoRef.current?.pause(),
      seekBy: (seconds: number) => videoRef.current && seek(videoRef.current.currentTime + seconds),
      next: next ? () => goTo(next) : null,
      previous: previous ? () => goTo(previous) : null,
    }),
    [seek, goTo, next, previous],
  );
  useMediaSession(
    {
      title: `${episodeLabel(episode)}${episode.ordinal !== null && episode.name ? ` — ${episode.name}` : ""}`,
      album: release?.title ?? "",
      artwork: release?.poster ?? episode.preview,
    },
    sessionActions,
  );

  // Controls fade out while playing without pointer or keyboard activity, and on a tap.
  const idleTimer = useRef<number>();
  const wake = useCallback(() => {
    setIdle(false);
    setHiddenByTap(false);
    window.clearTimeout(idleTimer.current);
    idleTimer.current = window.setTimeout(() => setIdle(true), CONTROLS_HIDE_AFTER_MS);
  }, []);
  useEffect(() => () => window.clearTimeout(idleTimer.current), []);
  const controlsHidden = openMenu === null && (hiddenByTap || (idle && !media.paused));
  const playbackFailed = engine.failed;

  const availableControls = useMemo(
    () => new Set<OptionalControl>(OPTIONAL_CONTROLS.filter((control) => control !== "pip" || pip.supported)),
    [pip.supported],
  );
  const layout = useMemo(
    () => barLayout(size?.width ?? 0, media.duration || (episode.duration ?? 0), availableControls, fullscreen.supported),
    [size?.width, media.duration, episode.duration, availableControls, fullscreen.supported],
  );
  const menusAsSheet = !size || size.width < MENU_POPOVER_MIN_WIDTH || size.height < MENU_POPOVER_MIN_HEIGHT;

  // Touch: a tap shows or hides the controls instead of pausing; a double tap on a half seeks.
  const lastPointerType = useRef("mouse");
  const lastTap = useRef<LastTap>(null);
  const flashTimer = useRef<number>();
  useEffect(() => () => window.clearTimeout(flashTimer.current), []);
  const hiddenBeforeTap = useRef(false);
  const showControls = (show: boolean) => (show ? wake() : setHiddenByTap(true));
  const onVideoPointerUp = (event: PointerEvent<HTMLVideoElement>) => {
    if (event.pointerType !== "touch") return;
    if (openMenu !== null) return setOpenMenu(null);
    const box = event.currentTarget.getBoundingClientRect();
    const side = sideOf(event.clientX - box.left, box.width);
    const step = interpretTap(lastTap.current, event.timeStamp, side);
    lastTap.current = step.last;
    if (step.action.kind === "toggle-controls") {
      hiddenBeforeTap.current = controlsHidden;
      return showControls(controlsHidden);
    }
    // Back to how the first tap found them (not a toggle: both taps may be handled before a re-render).
    if (step.action.undoToggle) showControls(!hiddenBeforeTap.current);
    const seconds = side === "back" ? -LONG_SEEK_STEP_SECONDS : LONG_SEEK_STEP_SECONDS;
    const video = videoRef.current;
    if (video) seek(video.currentTime + seconds);
    setSeekFlash((flash) => ({ side, count: flash?.side === side ? flash.count + 1 : 1 }));
    window.clearTimeout(flashTimer.current);
    flashTimer.current = window.setTimeout(() => setSeekFlash(null), SEEK_FLASH_MS);
  };

  return (
    <div
      ref={rootRef}
      className={`relative h-full w-full ${controlsHidden ? "cursor-none" : ""}`}
      data-player-engine={engine.kind ?? ""}
      data-rendition={engine.rendition ?? ""}
      data-pre-roll={preRoll.phase}
      onPointerMove={wake}
      onFocusCapture={wake}
      onKeyDownCapture={wake}
    >
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- episodes are dubbed in Russian; API v1 publishes no caption tracks */}
      <video
        ref={videoRef}
        className="h-full w-full bg-black"
        poster={episode.preview ?? undefined}
        playsInline
        preload="none"
        {...{ [EARLY_ENGINE_VIDEO_ATTRIBUTE]: episode.id }}
        onPointerDown={(event) => (lastPointerType.current = event.pointerType)}
        onPointerUp={onVideoPointerUp}
        onClick={() => lastPointerType.current !== "touch" && togglePlay()}
        aria-label={playerStrings.player}
      >
        <source src={masterUrl} type="application/vnd.apple.mpegurl" />
      </video>
      {/*
        Without JavaScript the browser's own controls (and its own HLS, where it has one) take over, on a copy laid
        over the stage. Not on the page's own element: the controls' first style and layout cost 50–100 ms before the
        first paint on every visit with JavaScript too (decision 0235).
      */}
      <noscript>
        {/* eslint-disable-next-line jsx-a11y/media-has-caption -- as above */}
        <video
          className="absolute inset-0 h-full w-full bg-black"
          poster={episode.preview ?? undefined}
          playsInline
          // Its manifest up front: with nothing loaded Chromium's own controls spin over the poster until play is
          // pressed, as if something were loading; with the duration known they show a still, ready player (issue 38).
          preload="metadata"
          controls
          aria-label={playerStrings.player}
        >
          <source src={masterUrl} type="application/vnd.apple.mpegurl" />
        </video>
      </noscript>

      {preRoll.showing ? <PreRoll ad={preRoll.ad} onImpression={preRoll.onImpression} onEnd={preRoll.finish} /> : null}

      {hydrated && !preRoll.showing ? (
        <>
          {(needsGesture || (media.paused && media.currentTime === 0 && !media.ended)) && !playbackFailed ? (
            <button
              type="button"
              onClick={togglePlay}
              className="absolute left-1/2 top-1/2 z-10 flex h-20 w-20 -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full bg-secondary/90 text-white shadow-lg"
              aria-label={playerStrings.play}
            >
              <svg viewBox="0 0 24 24" aria-hidden="true" className="h-10 w-10">
                <path d="M8 5v14l11-7z" fill="currentColor" />
              </svg>
            </button>
          ) : null}

          {media.waiting && !media.paused ? (
            <p
              className="absolute left-1/2 top-1/2 z-10 -translate-x-1/2 -translate-y-1/2 rounded bg-black/70 px-3 py-2 text-sm"
              role="status"
            >
              {playerStrings.buffering}
            </p>
          ) : null}

          {playbackFailed ? (
            <p className="absolute inset-x-4 top-1/2 z-10 -translate-y-1/2 rounded bg-black/80 p-4 text-center" role="alert">
              {playerStrings.playbackFailed}
            </p>
          ) : null}

          {resumedAt !== null ? (
            <div
              className="absolute left-3 top-3 z-10 flex max-w-[calc(100%-1.5rem)] flex-wrap items-center gap-x-3 rounded bg-black/75 px-3 py-1 text-sm"
              role="status"
            >
              <span>{playerStrings.resumedAt(formatClock(resumedAt))}</span>
              <button
                type="button"
                className="min-h-8 underline"
                onClick={() => {
                  seek(0);
                  setResumedAt(null);
                }}
              >
                {playerStrings.startOver}
              </button>
            </div>
          ) : null}

          {seekFlash ? (
            <p
              className={`pointer-events-none absolute top-1/2 z-10 -translate-y-1/2 rounded-full bg-black/60 px-4 py-2 font-semibold ${
                seekFlash.side === "back" ? "left-[12%]" : "right-[12%]"
              }`}
              data-seek-flash={seekFlash.side}
              aria-hidden="true"
            >
              {playerStrings.seekedBy((seekFlash.side === "back" ? -1 : 1) * LONG_SEEK_STEP_SECONDS * seekFlash.count)}
            </p>
          ) : null}

          {activeRange && !media.ended && openMenu === null ? (
            <button
              type="button"
              onClick={() => skipRange(activeRange)}
              className="absolute bottom-28 right-4 z-30 flex items-center gap-2 rounded bg-white px-4 py-2 font-semibold text-black shadow-lg"
            >
              {activeRange.kind === "opening" ? playerStrings.skipOpening : playerStrings.skipEnding}
            </button>
          ) : null}

          {next ? (
            <EndCard
              state={endCard.card}
              next={next}
              nextHref={hrefFor(next.id)}
              onCancel={() => dispatchEndCard({ kind: "cancel" })}
              onReplay={() => {
                dispatchEndCard({ kind: "dismiss" });
                seek(0);
                void videoRef.current?.play().catch(() => undefined);
              }}
            />
          ) : null}

          <ControlBar
            hidden={controlsHidden}
            media={media}
            settings={settings}
            ranges={ranges}
            renditions={episode.renditions}
            playingHeight={engine.rendition}
            layout={layout}
            menusAsSheet={menusAsSheet}
            openMenu={openMenu}
            fullscreen={fullscreen}
            pip={pip}
            hasPrevious={previous !== null}
            hasNext={next !== null}
            onTogglePlay={togglePlay}
            onSeek={seek}
            onVolume={changeVolume}
            onToggleMute={() => run({ kind: "toggle-mute" })}
            onPrevious={() => goTo(previous)}
            onNext={() => goTo(next)}
            onToggleMenu={(menu) => setOpenMenu((open) => (open === menu ? null : menu))}
            onCloseMenu={() => setOpenMenu(null)}
            onQuality={changeQuality}
            onSettings={updateSettings}
            onShowHelp={() => setHelpOpen(true)}
          />
          <ShortcutHelp open={helpOpen} onClose={() => setHelpOpen(false)} />
        </>
      ) : null}
    </div>
  );
}
