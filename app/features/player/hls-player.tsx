// The HLS player of one episode: the <video>, its controls, skip, end card, shortcuts and progress saving.
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type RefObject } from "react";
import { useEpisodeProgress } from "~/features/progress/use-episode-progress";
import type { ProgressStore, ReleaseCard } from "~/features/progress/progress-store";
import { resumePosition } from "~/features/progress/watched-rule";
import type { AdFlags } from "~/domain/ad-slots";
import { ControlBar, type PlayerMenuName } from "./control-bar";
import { barLayout, OPTIONAL_CONTROLS, type OptionalControl } from "./control-layout";
import { EARLY_ENGINE_VIDEO_ATTRIBUTE } from "~/features/video-engine/early-engine";
import { EndCard } from "./end-card";
import { LiveRegion, useAnnouncer } from "./live-region";
import { LONG_SEEK_STEP_SECONDS } from "./keyboard";
import { PreRoll } from "./pre-roll";
import type { PlayerEpisode, PlayerRelease, QueueEpisode } from "~/features/video-engine/player-data";
import { applyRememberedRate, applyRememberedVolume, type PlayerSettings, type QualityChoice } from "~/features/video-engine/settings";
import { ShareMomentButton } from "./share-moment-button";
import { ShortcutHelp } from "./shortcut-help";
import { activeSkipRange, skipRangesOf, type SkipKind } from "~/features/video-engine/skip-ranges";
import { useCast } from "./use-cast";
import { formatClock } from "~/i18n/format";
import { castNotice, episodeLabel, playerStrings } from "./strings";
import { useControlsVisibility } from "./use-controls-visibility";
import { useElementSize } from "./use-element-size";
import { useEndOfEpisode } from "./use-end-of-episode";
import { useFullscreen, usePictureInPicture } from "./use-fullscreen";
import { useMediaState } from "./use-media-state";
import { usePreRoll } from "./use-pre-roll";
import { usePlayerAnnouncements } from "./use-player-announcements";
import { usePlayerCommands } from "./use-player-commands";
import { useVideoEngine } from "~/features/video-engine/use-video-engine";
import { warmUpVideoEngine } from "~/features/video-engine/video-engine";
import { LOW_DATA_MAX_HEIGHT } from "~/domain/low-data";
import { cappedQuality, withinCap } from "./low-data-cap";
import { LowDataNotice } from "./low-data-notice";
import { useSeekPreviewSource } from "./use-built-seek-previews";

warmUpVideoEngine();

// Shown to a viewer who has let episodes run on for a while; most never see it.
const StillWatchingDialog = lazy(() => import("./still-watching-dialog"));

const RESUME_NOTICE_SECONDS = 6;
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
  /** A link to a moment (`?t=`): the episode starts there instead of the saved position. */
  moment?: number | null;
  /** The element that goes fullscreen; it outlives the episode so auto-next stays fullscreen. */
  stageRef: RefObject<HTMLDivElement>;
  /** False in a watch-together room: the room's clock starts the episode, where the room is (decision 0280). */
  startsOnItsOwn?: boolean;
  /** The seek-preview track, when it is not beside the renditions (a saved copy's); null: built in the browser. */
  previewTrack?: string | null;
  /** Low-data mode (decision 0288): the quality starts at 480p, and nothing loads before the viewer presses play. */
  lowData?: boolean;
};

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
    moment = null,
    stageRef,
    startsOnItsOwn = true,
    lowData = false,
  } = props;
  const videoRef = useRef<HTMLVideoElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const size = useElementSize(rootRef);
  const [hydrated, setHydrated] = useState(false);
  const [needsGesture, setNeedsGesture] = useState(false);
  const [openMenu, setOpenMenu] = useState<PlayerMenuName | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const [resumedAt, setResumedAt] = useState<number | null>(null);
  const media = useMediaState(videoRef);
  const previews = useSeekPreviewSource(videoRef, episode.renditions, props.previewTrack, lowData);
  const fullscreen = useFullscreen(stageRef);
  const pip = usePictureInPicture(videoRef);
  const { message, announce } = useAnnouncer();

  useEffect(() => setHydrated(true), []);

  // Low-data mode: the stream attaches when the viewer asks to play, at the capped quality unless they choose another.
  const [playAsked, setPlayAsked] = useState(false);
  // In a watch-together room the room's clock starts the episode (decision 0280): the stream is never held there.
  const holdsStream = lowData && startsOnItsOwn && !playAsked;
  const holdsStreamRef = useRef(holdsStream);
  holdsStreamRef.current = holdsStream;
  const [episodeQuality, setEpisodeQuality] = useState<QualityChoice | null>(null);
  const quality = episodeQuality ?? (lowData ? cappedQuality(settings.quality) : settings.quality);

  const playEpisode = useCallback(() => {
    const video = videoRef.current;
    if (!video) return;
    // The stream attaches now; once it has, the player plays it (onAttached below).
    if (holdsStreamRef.current) return setPlayAsked(true);
    video.play().then(
      () => setNeedsGesture(false),
      () => setNeedsGesture(true),
    );
  }, []);
  // The episode's first start goes to the pre-roll when one is due; the episode plays when it ends.
  const startOnItsOwn = useCallback(() => startsOnItsOwn && playEpisode(), [startsOnItsOwn, playEpisode]);
  const preRoll = usePreRoll(adFlags, startOnItsOwn);
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

  const cast = useCast(videoRef, masterUrl, announce);
  const qualityRef = useRef(quality);
  qualityRef.current = lowData ? withinCap(quality) : quality;
  const engine = useVideoEngine(
    videoRef,
    { renditions: episode.renditions, masterUrl, mirrors: mediaMirrors },
    () => {
      const startingAt = (startAt: number) => ({ quality: qualityRef.current, startAt, waiting: holdsEpisode() });
      const returnedAt = cast.takeReturnPosition();
      if (returnedAt !== null) return startingAt(returnedAt);
      if (moment !== null) return startingAt(moment);
      const startAt = resumePosition(store?.get(episode.id) ?? null, episode.duration);
      if (startAt > 0) {
        setResumedAt(startAt);
        announce(playerStrings.resumedAt(formatClock(startAt)));
      }
      return startingAt(startAt);
    },
    (attached) => {
      // The early start already asked it to play (no pre-roll was due): asking again would undo a pause since.
      if (attached.startedPlaying) void attached.startedPlaying.then((played) => setNeedsGesture(!played));
      else if (!takeStart()) startOnItsOwn();
    },
    preRoll.holdingEpisode,
    // The engine attaches once the remembered settings are known and, in low-data mode, once the viewer asks to play;
    // it lets go of the element while a cast device plays it (a device cannot take Media Source playback) and attaches
    // again where the device let go.
    settingsLoaded && !holdsStream && !cast.holdsElement,
  );

  // A room that turns out to be gone (an old link) hands the start back to the player: the episode starts as it would
  // have on its own, unless the viewer has played it already.
  const startedOnItsOwnBefore = useRef(startsOnItsOwn);
  useEffect(() => {
    const handedBack = !startedOnItsOwnBefore.current && startsOnItsOwn;
    startedOnItsOwnBefore.current = startsOnItsOwn;
    const video = videoRef.current;
    if (!handedBack || engine.kind === null || !video || !video.paused || video.played.length > 0) return;
    if (!takeStart()) playEpisode();
  }, [startsOnItsOwn, engine.kind, takeStart, playEpisode]);

  const { volume: rememberedVolume, muted: rememberedMuted, playbackRate: rememberedRate } = settings;
  useEffect(() => {
    const video = videoRef.current;
    if (video && settingsLoaded) applyRememberedVolume(video, { volume: rememberedVolume, muted: rememberedMuted });
  }, [rememberedVolume, rememberedMuted, settingsLoaded, engine.kind]);
  // Apart from the volume: a change of volume must not put the speed back (in a watch-together room the speed is the
  // room's, and a member's mute was taken for a return to their own speed).
  useEffect(() => {
    const video = videoRef.current;
    if (video && settingsLoaded) applyRememberedRate(video, rememberedRate);
  }, [rememberedRate, settingsLoaded, engine.kind]);

  // The notice stays while it matters: until the viewer has watched a few seconds from the resume point.
  useEffect(() => {
    if (resumedAt !== null && media.currentTime > resumedAt + RESUME_NOTICE_SECONDS) setResumedAt(null);
  }, [resumedAt, media.currentTime]);

  const ranges = useMemo(() => skipRangesOf(episode, media.duration || episode.duration), [episode, media.duration]);
  const activeRange = activeSkipRange(ranges, media.currentTime);

  const announceSkip = useCallback(
    (kind: SkipKind) => announce(kind === "opening" ? playerStrings.skippedOpening : playerStrings.skippedEnding),
    [announce],
  );
  const endCard = useEndOfEpisode({ ended: media.ended, next, settings, hrefFor });
  const playerSettings = useMemo(() => ({ ...settings, quality }), [settings, quality]);
  const { setQuality: setEngineQuality } = engine;
  const setQualityWithinCap = useCallback(
    (choice: QualityChoice) => setEngineQuality(lowData ? withinCap(choice) : choice),
    [setEngineQuality, lowData],
  );
  const commands = usePlayerCommands({
    videoRef,
    settings,
    updateSettings,
    setQuality: setQualityWithinCap,
    preRoll,
    playEpisode,
    paused: media.paused,
    activeRange,
    previous,
    next,
    hrefFor,
    fullscreen,
    pip,
    dispatchEndCard: endCard.dispatch,
    setOpenMenu,
    showHelp: () => setHelpOpen(true),
    onSkipped: announceSkip,
    mediaSession: {
      title: `${episodeLabel(episode)}${episode.ordinal !== null && episode.name ? ` — ${episode.name}` : ""}`,
      album: release?.title ?? "",
      artwork: release?.poster ?? episode.preview,
    },
  });
  const { seek, skipRange, togglePlay, goTo } = commands;
  const { changeQuality: rememberQuality } = commands;
  const changeQuality = useCallback(
    (choice: QualityChoice) => {
      setEpisodeQuality(choice);
      rememberQuality(choice);
    },
    [rememberQuality],
  );
  usePlayerAnnouncements(announce, {
    endCard: endCard.card,
    buffering: media.waiting && !media.paused,
    settings: playerSettings,
    settingsLoaded,
  });
  const controls = useControlsVisibility({
    paused: media.paused,
    menuOpen: openMenu !== null,
    closeMenu: () => setOpenMenu(null),
    seekBy: commands.seekBy,
  });
  const controlsHidden = controls.hidden;
  const playbackFailed = engine.failed;

  const castPhase = cast.state?.phase ?? "no-device";
  const castOffered = castPhase !== "no-device";
  const availableControls = useMemo(
    () =>
      new Set<OptionalControl>(
        OPTIONAL_CONTROLS.filter((control) => (control === "pip" ? pip.supported : control === "cast" ? castOffered : true)),
      ),
    [pip.supported, castOffered],
  );
  const layout = useMemo(
    () => barLayout(size?.width ?? 0, media.duration || (episode.duration ?? 0), availableControls, fullscreen.supported),
    [size?.width, media.duration, episode.duration, availableControls, fullscreen.supported],
  );
  const menusAsSheet = !size || size.width < MENU_POPOVER_MIN_WIDTH || size.height < MENU_POPOVER_MIN_HEIGHT;

  return (
    <div
      ref={rootRef}
      className={`relative h-full w-full ${controlsHidden ? "cursor-none" : ""}`}
      data-player-engine={engine.kind ?? ""}
      data-rendition={engine.rendition ?? ""}
      data-pre-roll={preRoll.phase}
      onPointerMove={controls.wake}
      onFocusCapture={controls.wake}
      onKeyDownCapture={controls.wake}
    >
      {/* eslint-disable-next-line jsx-a11y/media-has-caption -- episodes are dubbed in Russian; API v1 publishes no caption tracks */}
      <video
        ref={videoRef}
        className="h-full w-full bg-black"
        poster={episode.preview ?? undefined}
        playsInline
        preload="none"
        {...{ [EARLY_ENGINE_VIDEO_ATTRIBUTE]: episode.id }}
        onPointerDown={controls.onVideoPointerDown}
        onPointerUp={controls.onVideoPointerUp}
        onClick={() => !controls.pressedByTouch() && togglePlay()}
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
          // pressed, as if something were loading; with the duration known they show a still, ready player (commit e311941).
          preload="metadata"
          controls
          aria-label={playerStrings.player}
        >
          <source src={masterUrl} type="application/vnd.apple.mpegurl" />
        </video>
      </noscript>

      <LiveRegion message={message} />
      {preRoll.showing ? <PreRoll ad={preRoll.ad} onImpression={preRoll.onImpression} onEnd={preRoll.finish} /> : null}

      {hydrated && !preRoll.showing ? (
        <>
          {/* Not over an episode that plays, however it was started since (a key, a watch-together room's start). */}
          {media.paused && (needsGesture || (media.currentTime === 0 && !media.ended)) && !playbackFailed ? (
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
              aria-hidden="true"
            >
              {playerStrings.buffering}
            </p>
          ) : null}

          {lowData && media.paused && media.currentTime === 0 && !media.ended ? (
            <LowDataNotice renditions={episode.renditions} duration={episode.duration} quality={quality} />
          ) : null}

          {playbackFailed ? (
            <p className="absolute inset-x-4 top-1/2 z-10 -translate-y-1/2 rounded bg-black/80 p-4 text-center" role="alert">
              {playerStrings.playbackFailed}
            </p>
          ) : null}

          {cast.state?.phase === "connected" ? (
            // The live region has said it; this is for the eyes.
            <p
              className="absolute inset-x-4 top-3 z-10 mx-auto w-fit max-w-full rounded bg-black/75 px-3 py-1 text-center text-sm"
              data-cast-notice
              aria-hidden="true"
            >
              {castNotice(cast.state.target)}
            </p>
          ) : null}

          {resumedAt !== null && cast.state?.phase !== "connected" ? (
            <div className="absolute left-3 top-3 z-10 flex max-w-[calc(100%-1.5rem)] flex-wrap items-center gap-x-3 rounded bg-black/75 px-3 py-1 text-sm">
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

          {controls.seekFlash ? (
            <p
              className={`pointer-events-none absolute top-1/2 z-10 -translate-y-1/2 rounded-full bg-black/60 px-4 py-2 font-semibold ${
                controls.seekFlash.side === "back" ? "left-[12%]" : "right-[12%]"
              }`}
              data-seek-flash={controls.seekFlash.side}
              aria-hidden="true"
            >
              {playerStrings.seekedBy((controls.seekFlash.side === "back" ? -1 : 1) * LONG_SEEK_STEP_SECONDS * controls.seekFlash.count)}
            </p>
          ) : null}

          {activeRange && !media.ended && openMenu === null ? (
            <button
              type="button"
              onClick={() => skipRange(activeRange)}
              // Out of the way while a seek preview is up: the preview shows where the viewer points, over the bar.
              className="absolute bottom-28 right-4 z-30 flex items-center gap-2 rounded bg-white px-4 py-2 font-semibold text-black shadow-lg [:has([data-seek-preview])>&]:invisible"
            >
              {activeRange.kind === "opening" ? playerStrings.skipOpening : playerStrings.skipEnding}
            </button>
          ) : null}

          {next ? (
            <EndCard
              state={endCard.card}
              next={next}
              nextHref={hrefFor(next.id)}
              onCancel={() => endCard.dispatch({ kind: "cancel" })}
              onReplay={() => {
                endCard.dispatch({ kind: "dismiss" });
                seek(0);
                void videoRef.current?.play().catch(() => undefined);
              }}
            />
          ) : null}

          {endCard.card.kind === "asking" ? (
            <Suspense fallback={null}>
              <StillWatchingDialog onAnswer={(watching) => endCard.dispatch({ kind: "still-watching", watching })} />
            </Suspense>
          ) : null}

          <ControlBar
            hidden={controlsHidden}
            media={media}
            settings={playerSettings}
            qualityCap={lowData ? LOW_DATA_MAX_HEIGHT : null}
            ranges={ranges}
            renditions={episode.renditions}
            previews={previews}
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
            onSeekBy={commands.seekBy}
            onVolume={commands.changeVolume}
            onToggleMute={() => commands.run({ kind: "toggle-mute" })}
            onPrevious={() => goTo(previous)}
            onNext={() => goTo(next)}
            onToggleMenu={(menu) => setOpenMenu((open) => (open === menu ? null : menu))}
            onCloseMenu={() => setOpenMenu(null)}
            onQuality={changeQuality}
            onSettings={updateSettings}
            onShowHelp={() => setHelpOpen(true)}
            castPhase={castPhase}
            onCast={cast.prompt}
            settingsAction={
              <ShareMomentButton episodeId={episode.id} currentTime={() => videoRef.current?.currentTime ?? 0} announce={announce} />
            }
          />
          <ShortcutHelp open={helpOpen} onClose={() => setHelpOpen(false)} />
        </>
      ) : null}
    </div>
  );
}
