import { describe, expect, it } from "vitest";
import { END_CARD_HIDDEN, endCardReducer, type EndCardState } from "./auto-next";

describe("the end card", () => {
  it("counts down and then goes to the next episode", () => {
    let step = endCardReducer(END_CARD_HIDDEN, { kind: "ended", hasNext: true, autoNext: true, countdown: 3 });
    expect(step).toEqual({ state: { kind: "counting", secondsLeft: 3 }, go: false });
    step = endCardReducer(step.state, { kind: "tick" });
    expect(step.state).toEqual({ kind: "counting", secondsLeft: 2 });
    step = endCardReducer(step.state, { kind: "tick" });
    step = endCardReducer(step.state, { kind: "tick" });
    expect(step).toEqual({ state: END_CARD_HIDDEN, go: true });
  });

  it("goes at once with a zero countdown", () => {
    expect(endCardReducer(END_CARD_HIDDEN, { kind: "ended", hasNext: true, autoNext: true, countdown: 0 }).go).toBe(true);
  });

  it("waits for the viewer when auto-next is off or cancelled", () => {
    expect(endCardReducer(END_CARD_HIDDEN, { kind: "ended", hasNext: true, autoNext: false, countdown: 10 }).state).toEqual({
      kind: "waiting",
    });
    const counting: EndCardState = { kind: "counting", secondsLeft: 4 };
    const cancelled = endCardReducer(counting, { kind: "cancel" }).state;
    expect(cancelled).toEqual({ kind: "waiting" });
    expect(endCardReducer(cancelled, { kind: "tick" })).toEqual({ state: cancelled, go: false });
  });

  it("shows nothing after the last episode, and hides when dismissed", () => {
    expect(endCardReducer(END_CARD_HIDDEN, { kind: "ended", hasNext: false, autoNext: true, countdown: 5 })).toEqual({
      state: END_CARD_HIDDEN,
      go: false,
    });
    expect(endCardReducer({ kind: "waiting" }, { kind: "dismiss" }).state).toEqual(END_CARD_HIDDEN);
  });

  it("asks «Вы ещё смотрите?» instead of counting down, and goes on or stops with the answer", () => {
    const asked = endCardReducer(END_CARD_HIDDEN, { kind: "ended", hasNext: true, autoNext: true, countdown: 5, askFirst: true });
    expect(asked).toEqual({ state: { kind: "asking" }, go: false });
    expect(endCardReducer(asked.state, { kind: "tick" })).toEqual({ state: { kind: "asking" }, go: false });
    expect(endCardReducer(asked.state, { kind: "still-watching", watching: true })).toEqual({ state: END_CARD_HIDDEN, go: true });
    expect(endCardReducer(asked.state, { kind: "still-watching", watching: false })).toEqual({ state: { kind: "waiting" }, go: false });
    expect(endCardReducer(END_CARD_HIDDEN, { kind: "ended", hasNext: true, autoNext: false, countdown: 5, askFirst: true }).state).toEqual({
      kind: "waiting",
    });
  });
});
