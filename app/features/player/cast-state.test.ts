import { describe, expect, it } from "vitest";
import { initialCastState, nextCastState, type CastEvent, type CastMessage, type CastState } from "./cast-state";

/** Runs `events` from the start and keeps every message said on the way. */
function run(events: readonly CastEvent[], from: CastState = initialCastState("remote-playback")) {
  const messages: CastMessage[] = [];
  let state = from;
  for (const event of events) {
    const next = nextCastState(state, event);
    state = next.state;
    if (next.message) messages.push(next.message);
  }
  return { state, messages };
}

const deviceAppears: CastEvent = { kind: "availability", available: true };
const deviceGoes: CastEvent = { kind: "availability", available: false };
const connectsAt = (localPosition: number, playsMediaSource = true): CastEvent => ({ kind: "connected", localPosition, playsMediaSource });
const disconnectsAt = (devicePosition: number): CastEvent => ({ kind: "disconnected", devicePosition });

describe("casting", () => {
  it("offers nothing until the browser reports a device, and nothing once it goes", () => {
    expect(initialCastState("remote-playback").phase).toBe("no-device");
    expect(run([deviceAppears]).state.phase).toBe("available");
    expect(run([deviceAppears, deviceGoes]).state.phase).toBe("no-device");
  });

  it("goes available → connecting → connected → available, handing over the local position and taking back the device's", () => {
    const connecting = run([deviceAppears, { kind: "connecting" }]);
    expect(connecting.state.phase).toBe("connecting");

    const connected = run([{ kind: "connecting" }, connectsAt(42.5)], connecting.state);
    expect(connected.state).toMatchObject({ phase: "connected", handedOverAt: 42.5, returnedAt: null });

    const back = run([disconnectsAt(97.2)], connected.state);
    expect(back.state).toMatchObject({ phase: "available", handedOverAt: null, returnedAt: 97.2 });
    expect([...connecting.messages, ...connected.messages, ...back.messages]).toEqual(["connecting", "connected", "returned"]);
  });

  it("hands nothing over when the element already plays a plain address (the browser's own HLS)", () => {
    const { state, messages } = run([deviceAppears, connectsAt(10, false), disconnectsAt(30)]);
    expect(state).toMatchObject({ phase: "available", handedOverAt: null, returnedAt: null });
    expect(messages).toEqual(["connected", "ended"]);
  });

  it("keeps the device's phase while the browser's availability changes, and decides after it lets go", () => {
    const connected = run([deviceAppears, connectsAt(5), deviceGoes]);
    expect(connected.state.phase).toBe("connected");
    expect(run([disconnectsAt(8), deviceGoes], connected.state).state.phase).toBe("no-device");
  });

  it("reports a connection that fails before the device plays as a refusal, with nothing to resume", () => {
    const { state, messages } = run([deviceAppears, { kind: "connecting" }, disconnectsAt(0)]);
    expect(state).toMatchObject({ phase: "available", returnedAt: null });
    expect(messages).toEqual(["connecting", "refused"]);
  });

  it("says nothing when the viewer closes the picker, says when no device was found (and drops the button), and when the browser refused", () => {
    expect(run([deviceAppears, { kind: "prompt-failed", failure: "dismissed" }])).toMatchObject({
      state: { phase: "available" },
      messages: [],
    });
    expect(run([deviceAppears, { kind: "prompt-failed", failure: "no-device" }])).toMatchObject({
      state: { phase: "no-device" },
      messages: ["no-device"],
    });
    expect(run([deviceAppears, { kind: "prompt-failed", failure: "refused" }])).toMatchObject({
      state: { phase: "available" },
      messages: ["refused"],
    });
  });

  it("ignores repeated and stray events", () => {
    const connected = run([deviceAppears, connectsAt(3)]);
    expect(nextCastState(connected.state, connectsAt(50))).toEqual({ state: connected.state, message: null });
    expect(nextCastState(connected.state, { kind: "connecting" })).toEqual({ state: connected.state, message: null });
    const idle = run([deviceAppears]).state;
    expect(nextCastState(idle, disconnectsAt(12))).toEqual({ state: idle, message: null });
  });
});
