// The end of an episode: the end card, its countdown, and the move to the next episode when the countdown runs out.
import { useEffect, useReducer } from "react";
import { useNavigate } from "@remix-run/react";
import { END_CARD_HIDDEN, endCardReducer, type EndCardEvent, type EndCardState } from "./auto-next";
import type { QueueEpisode } from "./player-data";
import type { PlayerSettings } from "./settings";

type State = { card: EndCardState; go: number };

function endCardStateReducer(state: State, event: EndCardEvent): State {
  const step = endCardReducer(state.card, event);
  return { card: step.state, go: step.go ? state.go + 1 : state.go };
}

export function useEndOfEpisode({
  ended,
  next,
  settings,
  hrefFor,
}: {
  ended: boolean;
  next: QueueEpisode | null;
  settings: Pick<PlayerSettings, "autoNext" | "autoNextCountdown">;
  hrefFor(episodeId: string): string;
}): { card: EndCardState; dispatch(event: EndCardEvent): void } {
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(endCardStateReducer, { card: END_CARD_HIDDEN, go: 0 });
  const { autoNext, autoNextCountdown } = settings;
  useEffect(() => {
    if (!ended) return;
    dispatch({ kind: "ended", hasNext: next !== null, autoNext, countdown: autoNextCountdown });
  }, [ended, next, autoNext, autoNextCountdown]);
  useEffect(() => {
    if (state.card.kind !== "counting") return;
    const timer = window.setInterval(() => dispatch({ kind: "tick" }), 1000);
    return () => window.clearInterval(timer);
  }, [state.card.kind]);
  useEffect(() => {
    if (state.go > 0 && next) navigate(hrefFor(next.id));
  }, [state.go, next, navigate, hrefFor]);
  return { card: state.card, dispatch };
}
