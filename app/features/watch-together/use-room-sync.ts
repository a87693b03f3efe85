// Keeps the member's <video> on the room's clock and tells the room what the member does with it (decision 0262).
// The player's own controls, keys and gestures all act on the <video>, so its events are where a member's action
// is seen. What this hook does itself is known by what it asked for (a play or pause it made, the place it sought,
// the rate it set) and is not sent back; what the player does on its own (its start, the resume seek, the
// remembered speed) happens without a gesture of the member's on this page and is not sent either.
import { useEffect, useRef, type RefObject } from "react";
import { EARLY_ENGINE_VIDEO_ATTRIBUTE } from "~/features/video-engine/early-engine";
import {
  PLAYER_SEEK_EVENT,
  PLAYER_SKIP_EVENT,
  PLAYER_TOGGLE_EVENT,
  type PlayerSeekDetail,
  type PlayerSkipDetail,
  type PlayerToggleDetail,
} from "~/features/video-engine/skip-ranges";
import {
  CATCH_UP_SEEK_OVER_SECONDS,
  correctionFor,
  createCorrectionWatch,
  createRateFollower,
  MAX_RATE_NUDGE,
  nextSeekLead,
} from "./drift";
import { watchMemberGestures } from "./member-gestures";
import { viewClockAt, type PlaybackChange } from "./room-state";
import { watchTogetherStrings as strings } from "./strings";
import type { MemberCommand } from "./room-command";
import type { ReceivedView, RoomConnection } from "./use-room";

const TICK_MS = 250;
/** A player that waits for data this long while the room plays is reported as buffering. */
const BUFFERING_AFTER_MS = 500;
/** Near the end the player stops following: the end card and auto-next take over. */
const END_MARGIN_SECONDS = 0.5;
const HAVE_METADATA = 1;
const HAVE_FUTURE_DATA = 3;
/** The player's phases in which the pre-roll holds the episode back (use-pre-roll.ts). */
const PRE_ROLL_HOLDS = '[data-pre-roll="due"], [data-pre-roll="showing"]';
/**
 * The player's resume seek follows the stream's start: a seek it did not announce (PLAYER_SEEK_EVENT) this soon after
 * is the player's, not the member's.
 */
const PLAYER_SEEKS_FOR_MS = 1_500;
/** A place this close to the one the hook sought is the hook's own seek (the browser may round what it was given). */
const OWN_SEEK_TOLERANCE_SECONDS = 0.05;
/** A seek of the hook's that has not played again by then is over anyway: the next correction may seek again. */
const SEEK_SETTLES_WITHIN_MS = 3_000;
/** While the pre-roll holds the episode back, its <video> is kept this close to the room (it plays from there). */
const PRE_ROLL_KEEPS_WITHIN_SECONDS = 1;

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
  const tickRef = useRef<(() => void) | null>(null);
  const { latest, send, assumeChange, serverNow, current, memberId } = room;
  const memberIdRef = useRef(memberId);
  memberIdRef.current = memberId;

  useEffect(() => {
    let video: HTMLVideoElement | null = null;
    let loadedAt = 0;
    // What the hook itself did to the <video>, so that its events are not taken for the member's.
    let ownPlays = 0;
    // The member's own start, until the player plays: pausing it before then fails the player's play() (which then
    // shows its start button), so the hold until the change acts begins once it plays.
    let memberStarting = false;
    let ownPauses = 0;
    let ownSeekTo: number | null = null;
    const rates = createRateFollower();
    const corrections = createCorrectionWatch();
    let followsRate = false;
    // The hook's seek while the room plays, until the player plays again: then its lead is learnt from where it landed.
    let landing: { since: number; running: boolean } | null = null;
    let seekLead = 0;
    let waitingSince: number | null = null;
    // Not yet with the room since the player loaded, sought or the room's line changed: a small drift is sought away.
    let catchingUp = true;
    let followedLine: number | null = null;
    let actTimer: ReturnType<typeof setTimeout> | undefined;
    let reportedBuffering = false;
    // The view in which the room waited for this member when its ready was sent: sent once per view, not per tick.
    let readySentIn: ReceivedView | null = null;
    // When (server time) this member last changed the room's playback: a change acting after it is theirs.
    let lastCommandAt = -Infinity;
    // Only gestures made on this page while in the room: not the click that joined it.
    const gestures = watchMemberGestures(window);
    const byMember = () => gestures.recent();

    const command = (input: MemberCommand & PlaybackChange) => {
      if (!canControlRef.current) {
        refusedRef.current(strings.notAllowed);
        return false;
      }
      assumeChange(input);
      lastCommandAt = serverNow();
      void send(input).then((error) => error && refusedRef.current(error));
      return true;
    };
    const clockOf = (received: ReceivedView) => viewClockAt(received.view, serverNow());

    const onPlay = () => {
      if (ownPlays > 0) return void (ownPlays -= 1);
      memberStarting = true;
      const now = latest.current;
      // The room's own state, not whether its clock runs: a member may start or stop it while it waits for someone.
      // Not the member's (the player's own start): the next tick stops it again.
      if (!video || !now || !now.view.playback.paused || !byMember()) return;
      // Like every member, this one starts when the change acts: the next tick holds the player until then.
      const sent = command({ type: "play", position: video.currentTime });
      if (!sent) pauseOwn();
    };
    const onPause = () => {
      if (ownPauses > 0) return void (ownPauses -= 1);
      const now = latest.current;
      if (!video || !now || now.view.playback.paused || video.ended || !byMember()) return;
      // Like every member, this one stops when the change acts, where the room is then: the tick plays on until then.
      const sent = command({ type: "pause", position: video.currentTime });
      if (!sent) playOwn();
    };
    // A seek is told at its start: its place is known then, and until it lands the next tick must not take it back.
    const onSeeking = () => {
      if (!video) return;
      const position = video.currentTime;
      // The hook's own seek, told once: the member may seek to the same place next (back to the start, say).
      if (ownSeekTo !== null && Math.abs(position - ownSeekTo) < OWN_SEEK_TOLERANCE_SECONDS) return void (ownSeekTo = null);
      const now = latest.current;
      if (!now || !byMember() || Date.now() - loadedAt < PLAYER_SEEKS_FOR_MS) return;
      if (Math.abs(position - clockOf(now).position) <= CATCH_UP_SEEK_OVER_SECONDS) return;
      // Refused: the tick takes the player back once the seek has landed.
      command({ type: "seek", position });
    };
    // A seek the member asked the player for is theirs whenever it comes, right after the stream's start too.
    const onMemberSeek = (event: Event) => {
      const { position } = (event as CustomEvent<PlayerSeekDetail>).detail;
      const now = latest.current;
      if (!video || !now) return;
      // Its seek follows this event: the hook's own from here on, not told again.
      ownSeekTo = position;
      if (Math.abs(position - clockOf(now).position) <= CATCH_UP_SEEK_OVER_SECONDS) return;
      // Refused: the tick takes the player back once the seek has landed.
      command({ type: "seek", position });
    };
    // The player's skip of an opening or ending (its button, its key or auto-skip) is the room's: everyone skips.
    const onSkip = (event: Event) => {
      const { position } = (event as CustomEvent<PlayerSkipDetail>).detail;
      const now = latest.current;
      if (!video || !now || !canControlRef.current) return;
      // Its seek follows this event: the hook's own from here on, not sent again.
      ownSeekTo = position;
      command({ type: "seek", position });
    };
    // While the member's own change still to act holds the player still (their seek or start, for everyone to land at
    // once), the room plays as far as they know: their toggle is a pause, not a start of the held player. Another
    // member's start is not theirs to know: a press then is a start too.
    const onToggle = (event: Event) => {
      const { wants } = (event as CustomEvent<PlayerToggleDetail>).detail;
      const now = latest.current;
      if (!video || !now || wants !== "play" || now.view.playback.paused) return;
      const { updatedAt } = now.view.playback;
      if (serverNow() >= updatedAt || updatedAt < lastCommandAt) return;
      event.preventDefault();
      command({ type: "pause", position: video.currentTime });
    };
    const onRateChange = () => {
      if (rates.isOwnChange()) return;
      const now = latest.current;
      if (!video || !now || !followsRate || !byMember()) return;
      command({ type: "rate", rate: video.playbackRate });
      // Like every member, this one changes speed when the change acts: until then the room's speed so far.
      rates.taken();
      tick();
    };

    function playOwn() {
      if (!video) return;
      ownPlays += 1;
      video.play().catch(() => {
        // Autoplay refused: the player shows its own start button; the member's click then follows the room.
        ownPlays = Math.max(0, ownPlays - 1);
      });
    }
    function pauseOwn() {
      if (!video || video.paused) return;
      ownPauses += 1;
      video.pause();
    }
    function seekOwn(position: number, running: boolean) {
      if (!video) return;
      ownSeekTo = position;
      catchingUp = true;
      landing = { since: Date.now(), running };
      video.currentTime = position;
    }

    const onLoaded = () => (loadedAt = Date.now());
    const onPlaying = () => {
      if (!memberStarting) return;
      memberStarting = false;
      tick();
    };
    const events = {
      loadedmetadata: onLoaded,
      playing: onPlaying,
      play: onPlay,
      pause: onPause,
      seeking: onSeeking,
      ratechange: onRateChange,
      [PLAYER_SKIP_EVENT]: onSkip,
      [PLAYER_SEEK_EVENT]: onMemberSeek,
      [PLAYER_TOGGLE_EVENT]: onToggle,
    };
    const listen = (element: HTMLVideoElement) => {
      for (const [name, listener] of Object.entries(events)) element.addEventListener(name, listener);
    };
    const unlisten = (element: HTMLVideoElement) => {
      for (const [name, listener] of Object.entries(events)) element.removeEventListener(name, listener);
    };

    const tick = () => {
      const stage = stageRef.current;
      const found = stage?.querySelector<HTMLVideoElement>(`video[${EARLY_ENGINE_VIDEO_ATTRIBUTE}="${CSS.escape(episodeId)}"]`) ?? null;
      if (found !== video) {
        if (video) unlisten(video);
        video = found;
        loadedAt = Date.now();
        ownPlays = 0;
        memberStarting = false;
        ownPauses = 0;
        ownSeekTo = null;
        rates.reset();
        corrections.reset();
        followsRate = false;
        landing = null;
        catchingUp = true;
        if (video) {
          listen(video);
          // The room's corrections of the rate are not to be heard.
          video.preservesPitch = true;
        }
      }
      const now = latest.current;
      if (!video || !now || now.view.playback.episodeId !== episodeId) return;
      const { view } = now;
      const clock = clockOf(now);
      const goal = clock.position;
      // A change still to act is acted on at its time, not at the next tick.
      clearTimeout(actTimer);
      const actsIn = view.playback.updatedAt - serverNow();
      if (actsIn > 0) actTimer = setTimeout(tick, actsIn);
      if (followedLine !== view.playback.updatedAt) {
        followedLine = view.playback.updatedAt;
        catchingUp = true;
      }
      // The pre-roll plays first for this member alone: meanwhile the episode waits where the room is, so that it
      // starts there when the ad ends (and the next ticks pause it if the room stands).
      if (stage?.querySelector(PRE_ROLL_HOLDS)) {
        const far = Math.abs(video.currentTime - goal) > PRE_ROLL_KEEPS_WITHIN_SECONDS;
        if (far && video.readyState >= HAVE_METADATA && !video.seeking)
          seekOwn(goal + (clock.running ? PRE_ROLL_KEEPS_WITHIN_SECONDS / 2 : 0), false);
        return;
      }

      // Buffering: the room waits for this member while the player has no data to play on. It also waits for
      // everyone after an episode change, until each has loaded the new one.
      const starved = clock.running && !video.paused && video.readyState < HAVE_FUTURE_DATA;
      if (starved) waitingSince ??= Date.now();
      else waitingSince = null;
      const waitedFor = view.members.some((member) => member.id === memberIdRef.current && member.buffering);
      if (!reportedBuffering && !waitedFor && waitingSince !== null && Date.now() - waitingSince >= BUFFERING_AFTER_MS) {
        reportedBuffering = true;
        void send({ type: "buffering" });
      } else if (
        (reportedBuffering || (waitedFor && readySentIn !== now)) &&
        video.readyState >= HAVE_FUTURE_DATA &&
        !video.seeking &&
        Math.abs(video.currentTime - goal) <= CATCH_UP_SEEK_OVER_SECONDS
      ) {
        // Ready where the room is, not where the player happened to load: otherwise its seek there would stall again.
        reportedBuffering = false;
        readySentIn = now;
        void send({ type: "ready" });
      }

      if (!clock.running) {
        if (!memberStarting || video.paused) pauseOwn();
      } else if (video.paused && !video.ended) playOwn();
      const duration = Number.isFinite(video.duration) ? video.duration : Infinity;
      if (goal >= duration - END_MARGIN_SECONDS || video.readyState < HAVE_METADATA) return;
      // A seek under way, the hook's or the member's, already has its place: measuring it now would chase it.
      if (video.seeking) return;
      const playing = !video.paused && video.readyState >= HAVE_FUTURE_DATA;
      if (landing) {
        if (playing && landing.running && clock.running) seekLead = nextSeekLead(seekLead, video.currentTime - goal);
        if (playing || !landing.running || !clock.running || Date.now() - landing.since >= SEEK_SETTLES_WITHIN_MS) landing = null;
        else return;
      }
      const correction = correctionFor(video.currentTime, goal, clock.rate, clock.running, seekLead, catchingUp);
      if (correction.kind === "seek") seekOwn(correction.position, clock.running);
      else {
        const largest = correction.kind === "rate" && Math.abs(correction.rate / clock.rate - 1) >= MAX_RATE_NUDGE - 1e-9;
        if (corrections.failed(video.currentTime - goal, largest, Date.now())) catchingUp = true;
        if (Math.abs(video.currentTime - goal) <= CATCH_UP_SEEK_OVER_SECONDS && (playing || !clock.running)) catchingUp = false;
        if (probe && (playing || !clock.running)) probe.drift = video.currentTime - goal;
      }
      const rate = rates.correct(video.playbackRate, correction.rate);
      if (rate !== null) video.playbackRate = rate;
      followsRate = true;
    };

    tickRef.current = tick;
    const timer = setInterval(tick, TICK_MS);
    tick();
    return () => {
      tickRef.current = null;
      clearInterval(timer);
      clearTimeout(actTimer);
      gestures.stop();
      if (video) unlisten(video);
    };
  }, [episodeId, stageRef, latest, send, assumeChange, serverNow, probe]);

  // A new view of the room is followed at once, not at the next tick: a start or a pause reaches the player sooner.
  useEffect(() => tickRef.current?.(), [current]);
}
