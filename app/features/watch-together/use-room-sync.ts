// Keeps the member's <video> on the room's clock and tells the room what the member does with it (decision 0262).
// The player's own controls, keys and gestures all act on the <video>, so its events are where a member's action
// is seen; what this hook does itself to the <video> is counted beforehand and not sent back, and what the player
// does on its own (its start, the resume seek, the remembered speed) happens without a user gesture.
import { useEffect, useRef, type RefObject } from "react";
import { EARLY_ENGINE_VIDEO_ATTRIBUTE } from "~/features/player/early-engine";
import { correctionFor, SEEK_OVER_SECONDS, targetPosition } from "./drift";
import type { RoomView } from "./room-state";
import type { RoomCommandInput, RoomConnection } from "./use-room";

const TICK_MS = 250;
/** A player that waits for data this long while the room plays is reported as buffering. */
const BUFFERING_AFTER_MS = 500;
/** Near the end the player stops following: the end card and auto-next take over. */
const END_MARGIN_SECONDS = 0.5;
const HAVE_FUTURE_DATA = 3;
/** The player's phases in which the pre-roll holds the episode back (use-pre-roll.ts). */
const PRE_ROLL_HOLDS = '[data-pre-roll="due"], [data-pre-roll="showing"]';
/** The player's resume seek follows the stream's start: a seek this soon after is the player's, not the member's. */
const PLAYER_SEEKS_FOR_MS = 1_500;

/** Whether the member has just clicked or pressed a key (a browser without the API: assume so). */
function byMember(): boolean {
  return (navigator as { userActivation?: { isActive: boolean } }).userActivation?.isActive ?? true;
}

type Own = { play: number; pause: number; seek: number; rate: number | null };

/** The drift of the member's player from the room's clock at the last tick (seconds; the tests read it). */
export type SyncProbe = { drift: number | null };

export function useRoomSync(
  room: RoomConnection,
  episodeId: string,
  stageRef: RefObject<HTMLElement>,
  canControl: boolean,
  onRefused: (message: string) => void,
  probe?: SyncProbe,
): void {
  const canControlRef = useRef(canControl);
  canControlRef.current = canControl;
  const refusedRef = useRef(onRefused);
  refusedRef.current = onRefused;
  const { latest, send, assume } = room;

  useEffect(() => {
    const own: Own = { play: 0, pause: 0, seek: 0, rate: null };
    let video: HTMLVideoElement | null = null;
    let loadedAt = 0;
    let waitingSince: number | null = null;
    let reportedBuffering = false;

    const command = (input: RoomCommandInput, change: (view: RoomView) => RoomView) => {
      if (!canControlRef.current) return false;
      assume(change);
      void send(input).then((error) => error && refusedRef.current(error));
      return true;
    };
    const target = (view: RoomView, receivedAt: number) => targetPosition(view, receivedAt, Date.now());

    const onPlay = () => {
      if (own.play > 0) return void (own.play -= 1);
      const now = latest.current;
      // The room's own state, not whether its clock runs: a member may start or stop it while it waits for someone.
      if (!video || !byMember() || !now || !now.view.playback.paused) return;
      if (
        !command({ type: "play", position: video.currentTime }, (view) => ({
          ...view,
          running: true,
          position: video!.currentTime,
          playback: { ...view.playback, paused: false },
        }))
      )
        pauseOwn();
    };
    const onPause = () => {
      if (own.pause > 0) return void (own.pause -= 1);
      const now = latest.current;
      if (!video || !byMember() || !now || now.view.playback.paused || video.ended) return;
      if (
        !command({ type: "pause", position: video.currentTime }, (view) => ({
          ...view,
          running: false,
          position: video!.currentTime,
          playback: { ...view.playback, paused: true },
        }))
      )
        playOwn();
    };
    const onSeeked = () => {
      if (own.seek > 0) return void (own.seek -= 1);
      const now = latest.current;
      if (!video || !byMember() || Date.now() - loadedAt < PLAYER_SEEKS_FOR_MS || !now) return;
      if (Math.abs(video.currentTime - target(now.view, now.receivedAt)) <= SEEK_OVER_SECONDS) return;
      command({ type: "seek", position: video.currentTime }, (view) => ({ ...view, position: video!.currentTime }));
    };
    const onRateChange = () => {
      const now = latest.current;
      if (!video || !byMember() || !now || own.rate === null || Math.abs(video.playbackRate - own.rate) < 0.001) return;
      const rate = video.playbackRate;
      command({ type: "rate", rate }, (view) => ({ ...view, playback: { ...view.playback, rate } }));
    };

    function playOwn() {
      if (!video) return;
      own.play += 1;
      video.play().catch(() => {
        // Autoplay refused: the player shows its own start button; the member's click then follows the room.
        own.play = Math.max(0, own.play - 1);
      });
    }
    function pauseOwn() {
      if (!video || video.paused) return;
      own.pause += 1;
      video.pause();
    }

    const onLoaded = () => (loadedAt = Date.now());
    const listen = (element: HTMLVideoElement) => {
      element.addEventListener("loadedmetadata", onLoaded);
      element.addEventListener("play", onPlay);
      element.addEventListener("pause", onPause);
      element.addEventListener("seeked", onSeeked);
      element.addEventListener("ratechange", onRateChange);
    };
    const unlisten = (element: HTMLVideoElement) => {
      element.removeEventListener("loadedmetadata", onLoaded);
      element.removeEventListener("play", onPlay);
      element.removeEventListener("pause", onPause);
      element.removeEventListener("seeked", onSeeked);
      element.removeEventListener("ratechange", onRateChange);
    };

    const tick = () => {
      const stage = stageRef.current;
      const found = stage?.querySelector<HTMLVideoElement>(`video[${EARLY_ENGINE_VIDEO_ATTRIBUTE}="${CSS.escape(episodeId)}"]`) ?? null;
      if (found !== video) {
        if (video) unlisten(video);
        video = found;
        loadedAt = Date.now();
        if (video) listen(video);
      }
      const now = latest.current;
      // The pre-roll plays first for this member alone; their player catches up when it ends.
      if (!video || !now || now.view.playback.episodeId !== episodeId || stage?.querySelector(PRE_ROLL_HOLDS)) return;
      const { view } = now;
      // A seek overtaken by another fires one event for both: nothing of ours is pending once none is under way.
      if (!video.seeking) own.seek = 0;
      const goal = target(view, now.receivedAt);

      // Buffering: the room waits for this member while the player has no data to play on.
      const starved = view.running && !video.paused && video.readyState < HAVE_FUTURE_DATA;
      if (starved) waitingSince ??= Date.now();
      else waitingSince = null;
      if (!reportedBuffering && waitingSince !== null && Date.now() - waitingSince >= BUFFERING_AFTER_MS) {
        reportedBuffering = true;
        void send({ type: "buffering" });
      } else if (reportedBuffering && video.readyState >= HAVE_FUTURE_DATA) {
        reportedBuffering = false;
        void send({ type: "ready" });
      }

      if (!view.running) pauseOwn();
      else if (video.paused && !video.ended) playOwn();
      const duration = Number.isFinite(video.duration) ? video.duration : Infinity;
      if (goal >= duration - END_MARGIN_SECONDS || video.readyState < 1) return;
      const correction = correctionFor(video.currentTime, goal, view.playback.rate, view.running);
      if (correction.kind === "seek") {
        own.seek += 1;
        video.currentTime = correction.position;
      } else if (probe) probe.drift = video.currentTime - goal;
      if (Math.abs(video.playbackRate - correction.rate) > 0.001) {
        own.rate = correction.rate;
        video.playbackRate = correction.rate;
      } else own.rate = video.playbackRate;
    };

    const timer = setInterval(tick, TICK_MS);
    tick();
    return () => {
      clearInterval(timer);
      if (video) unlisten(video);
    };
  }, [episodeId, stageRef, latest, send, assume, probe]);
}
