// The browser's casting API bound to the state machine: loaded on demand, only where the <video> offers one (decision 0287).
import {
  initialCastState,
  nextCastState,
  type CastEvent,
  type CastFailure,
  type CastMessage,
  type CastState,
  type CastTarget,
} from "./cast-state";
import { formatClock } from "~/i18n/format";
import { castNotice, playerStrings } from "./strings";

/** Safari's AirPlay members of the <video>, which the DOM's types leave out. */
export type AirPlayVideo = HTMLVideoElement & {
  webkitShowPlaybackTargetPicker(): void;
  readonly webkitCurrentPlaybackTargetIsWireless?: boolean;
};

export type CastSession = {
  /** Opens the browser's device picker (to start, or on a device to stop); call it from the viewer's gesture. */
  prompt(): void;
  /** Gives the element the plain HLS address from `startAt`: a device cannot take over Media Source playback. */
  handOver(masterUrl: string, startAt: number): void;
  stop(): void;
};

export type CastListeners = {
  onState(state: CastState): void;
  announce(message: string): void;
  /** The device let go of a hand-over at `position`: the picture resumes there here. */
  onReturned(position: number): void;
};

function messageText(message: CastMessage, state: CastState): string {
  switch (message) {
    case "connecting":
      return playerStrings.castConnecting;
    case "connected":
      return castNotice(state.target);
    case "returned":
      return playerStrings.castReturned(formatClock(state.returnedAt ?? 0));
    case "ended":
      return playerStrings.castEnded;
    case "no-device":
      return playerStrings.castNoDevice;
    case "refused":
      return playerStrings.castFailed;
  }
}

/** The Remote Playback API's rejections, by the DOMException's name (the specification's list). */
export function failureOf(error: unknown): CastFailure {
  const name = error instanceof DOMException ? error.name : "";
  if (name === "NotAllowedError" || name === "AbortError") return "dismissed";
  if (name === "NotFoundError") return "no-device";
  return "refused";
}

/** hls.js plays through a Media Source, whose object URL is the element's source. */
function connectedEvent(video: HTMLVideoElement): CastEvent {
  return { kind: "connected", localPosition: video.currentTime, playsMediaSource: video.currentSrc.startsWith("blob:") };
}

type Binding = { prompt(): void; unbind(): void };

function bindRemotePlayback(video: HTMLVideoElement, dispatch: (event: CastEvent) => void): Binding {
  const remote = video.remote;
  let watchId: number | null = null;
  let stopped = false;
  remote
    .watchAvailability((available) => dispatch({ kind: "availability", available }))
    .then(
      (id) => {
        if (stopped) void remote.cancelWatchAvailability(id).catch(() => undefined);
        else watchId = id;
      },
      // NotSupportedError: this device cannot watch for devices in the background (Chrome on a low-memory Android);
      // only the picker can tell, so the button is offered. Anything else (remote playback turned off): no button.
      (error: unknown) =>
        dispatch({ kind: "availability", available: error instanceof DOMException && error.name === "NotSupportedError" }),
    );
  const onConnecting = () => dispatch({ kind: "connecting" });
  const onConnect = () => dispatch(connectedEvent(video));
  const onDisconnect = () => dispatch({ kind: "disconnected", devicePosition: video.currentTime });
  remote.addEventListener("connecting", onConnecting);
  remote.addEventListener("connect", onConnect);
  remote.addEventListener("disconnect", onDisconnect);
  if (remote.state === "connecting") onConnecting();
  if (remote.state === "connected") onConnect();
  return {
    prompt: () => void remote.prompt().catch((error: unknown) => dispatch({ kind: "prompt-failed", failure: failureOf(error) })),
    unbind() {
      stopped = true;
      remote.removeEventListener("connecting", onConnecting);
      remote.removeEventListener("connect", onConnect);
      remote.removeEventListener("disconnect", onDisconnect);
      if (watchId !== null) void remote.cancelWatchAvailability(watchId).catch(() => undefined);
    },
  };
}

function bindAirPlay(video: AirPlayVideo, dispatch: (event: CastEvent) => void): Binding {
  const onAvailability = (event: Event) =>
    dispatch({ kind: "availability", available: (event as Event & { availability?: string }).availability === "available" });
  // AirPlay reports no "connecting": the element is on the device or it is not.
  const onTargetChange = () =>
    dispatch(
      video.webkitCurrentPlaybackTargetIsWireless ? connectedEvent(video) : { kind: "disconnected", devicePosition: video.currentTime },
    );
  video.addEventListener("webkitplaybacktargetavailabilitychanged", onAvailability);
  video.addEventListener("webkitcurrentplaybacktargetiswirelesschanged", onTargetChange);
  if (video.webkitCurrentPlaybackTargetIsWireless) onTargetChange();
  return {
    prompt() {
      try {
        video.webkitShowPlaybackTargetPicker();
      } catch (error) {
        dispatch({ kind: "prompt-failed", failure: failureOf(error) });
      }
    },
    unbind() {
      video.removeEventListener("webkitplaybacktargetavailabilitychanged", onAvailability);
      video.removeEventListener("webkitcurrentplaybacktargetiswirelesschanged", onTargetChange);
    },
  };
}

export function startCastSession(video: HTMLVideoElement, target: CastTarget, listeners: CastListeners): CastSession {
  let state = initialCastState(target);
  const dispatch = (event: CastEvent) => {
    const next = nextCastState(state, event);
    if (next.state !== state) {
      state = next.state;
      listeners.onState(state);
    }
    if (next.message) listeners.announce(messageText(next.message, state));
    if (next.message === "returned" && state.returnedAt !== null) listeners.onReturned(state.returnedAt);
  };
  listeners.onState(state);
  const binding = target === "airplay" ? bindAirPlay(video as AirPlayVideo, dispatch) : bindRemotePlayback(video, dispatch);
  return {
    prompt: () => binding.prompt(),
    handOver(masterUrl, startAt) {
      video.src = masterUrl;
      // Before the metadata this is the position the new source starts from.
      video.currentTime = startAt;
      // The viewer picked a device to watch on: it plays there whether or not the picture here was paused.
      void video.play().catch(() => undefined);
    },
    stop: () => binding.unbind(),
  };
}
