// Casting as a pure state machine: what the browser reports about devices and the connection goes in, the phase the
// player shows and what it says comes out (decision 0287).

/** Chrome's and Android's Remote Playback API, or Safari's AirPlay picker. */
export type CastTarget = "remote-playback" | "airplay";

export type CastPhase = "no-device" | "available" | "connecting" | "connected";

export type CastState = {
  target: CastTarget;
  phase: CastPhase;
  /** What the browser last said about devices, kept while one plays: it decides the phase after the device lets go. */
  deviceAvailable: boolean;
  /**
   * Where the picture was here when the device took over, when it played through Media Source (which a device cannot
   * take): the device is given the plain address from there. Null while nothing is handed over.
   */
  handedOverAt: number | null;
  /** Where the device was when it let go: the picture resumes there here. */
  returnedAt: number | null;
};

/** Why a request to pick a device came to nothing. */
export type CastFailure = "dismissed" | "no-device" | "refused";

export type CastEvent =
  | { kind: "availability"; available: boolean }
  | { kind: "connecting" }
  | { kind: "connected"; localPosition: number; playsMediaSource: boolean }
  | { kind: "disconnected"; devicePosition: number }
  | { kind: "prompt-failed"; failure: CastFailure };

/** What the live region says after an event; the words are the player's strings. */
export type CastMessage = "connecting" | "connected" | "returned" | "ended" | "no-device" | "refused";

export function initialCastState(target: CastTarget): CastState {
  return { target, phase: "no-device", deviceAvailable: false, handedOverAt: null, returnedAt: null };
}

const casting = (phase: CastPhase) => phase === "connecting" || phase === "connected";
const idlePhase = (deviceAvailable: boolean): CastPhase => (deviceAvailable ? "available" : "no-device");

export function nextCastState(state: CastState, event: CastEvent): { state: CastState; message: CastMessage | null } {
  switch (event.kind) {
    case "availability": {
      const phase = casting(state.phase) ? state.phase : idlePhase(event.available);
      return { state: { ...state, deviceAvailable: event.available, phase }, message: null };
    }
    case "connecting":
      if (state.phase === "connecting" || state.phase === "connected") return { state, message: null };
      return { state: { ...state, phase: "connecting", returnedAt: null }, message: "connecting" };
    case "connected":
      if (state.phase === "connected") return { state, message: null };
      return {
        state: {
          ...state,
          phase: "connected",
          handedOverAt: event.playsMediaSource ? Math.max(0, event.localPosition) : null,
          returnedAt: null,
        },
        message: "connected",
      };
    case "disconnected": {
      if (!casting(state.phase)) return { state, message: null };
      // A connection that failed before the device played is a refusal; a device that played its own copy of the
      // element's source (no hand-over) leaves the element where it was.
      const played = state.phase === "connected";
      const handedOver = state.handedOverAt !== null;
      // The device was there a moment ago: the button stays until the browser says otherwise.
      return {
        state: {
          ...state,
          phase: "available",
          deviceAvailable: true,
          handedOverAt: null,
          returnedAt: handedOver ? Math.max(0, event.devicePosition) : null,
        },
        message: played ? (handedOver ? "returned" : "ended") : "refused",
      };
    }
    case "prompt-failed":
      if (event.failure === "dismissed") return { state, message: null };
      if (event.failure === "no-device") {
        return {
          state: { ...state, deviceAvailable: false, phase: casting(state.phase) ? state.phase : "no-device" },
          message: "no-device",
        };
      }
      return { state, message: "refused" };
  }
}
