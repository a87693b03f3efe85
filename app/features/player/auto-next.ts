// The end-of-episode card: when it shows, and the countdown to the next episode.
export type EndCardState =
  | { kind: "hidden" }
  | { kind: "counting"; secondsLeft: number }
  /** Shown without a countdown: auto-next is off, or the viewer stopped the countdown. */
  | { kind: "waiting" }
  /** «Вы ещё смотрите?»: the viewer has given no input for a while (still-watching.ts). */
  | { kind: "asking" };

export type EndCardEvent =
  | { kind: "ended"; hasNext: boolean; autoNext: boolean; countdown: number; askFirst?: boolean }
  | { kind: "tick" }
  | { kind: "cancel" }
  | { kind: "dismiss" }
  /** The answer to «Вы ещё смотрите?»: on to the next episode, or stop here. */
  | { kind: "still-watching"; watching: boolean };

export const END_CARD_HIDDEN: EndCardState = { kind: "hidden" };

/** `go` is true when this event means "open the next episode now". */
export function endCardReducer(state: EndCardState, event: EndCardEvent): { state: EndCardState; go: boolean } {
  switch (event.kind) {
    case "ended":
      if (!event.hasNext) return { state: END_CARD_HIDDEN, go: false };
      if (!event.autoNext) return { state: { kind: "waiting" }, go: false };
      if (event.askFirst) return { state: { kind: "asking" }, go: false };
      if (event.countdown <= 0) return { state: END_CARD_HIDDEN, go: true };
      return { state: { kind: "counting", secondsLeft: event.countdown }, go: false };
    case "tick":
      if (state.kind !== "counting") return { state, go: false };
      return state.secondsLeft <= 1
        ? { state: END_CARD_HIDDEN, go: true }
        : { state: { kind: "counting", secondsLeft: state.secondsLeft - 1 }, go: false };
    case "cancel":
      return { state: state.kind === "counting" || state.kind === "asking" ? { kind: "waiting" } : state, go: false };
    case "still-watching":
      if (state.kind !== "asking") return { state, go: false };
      return event.watching ? { state: END_CARD_HIDDEN, go: true } : { state: { kind: "waiting" }, go: false };
    case "dismiss":
      return { state: END_CARD_HIDDEN, go: false };
  }
}
