// The end of an episode: the end card, its countdown, and the move to the next episode when the countdown runs out.
import { useEffect, useReducer, useRef, useState } from "react";
import { useNavigate } from "@remix-run/react";
import { END_CARD_HIDDEN, endCardReducer, type EndCardEvent, type EndCardState } from "./auto-next";
import type { QueueEpisode } from "~/features/video-engine/player-data";
import type { PlayerSettings } from "~/features/video-engine/settings";
import { useStillWatching } from "./use-still-watching";

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
  settings: Pick<
    PlayerSettings,
    "autoNext" | "autoNextCountdown" | "stillWatchingCheck" | "stillWatchingEpisodes" | "stillWatchingMinutes"
  >;
  hrefFor(episodeId: string): string;
}): { card: EndCardState; dispatch(event: EndCardEvent): void } {
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(endCardStateReducer, { card: END_CARD_HIDDEN, go: 0 });
  const { autoNext, autoNextCountdown } = settings;
  const { episodeEnded } = useStillWatching(settings);
  // Counted once per end, not again when a setting changes while the card shows; the card waits for the count.
  const countEnd = useRef(episodeEnded);
  countEnd.current = episodeEnded;
  const [askFirst, setAskFirst] = useState<boolean | null>(null);
  useEffect(() => {
    if (!ended) return setAskFirst(null);
    let current = true;
    void countEnd.current().then(
      (ask) => current && setAskFirst(ask),
      () => current && setAskFirst(false),
    );
    return () => {
      current = false;
    };
  }, [ended]);
  useEffect(() => {
    if (!ended || askFirst === null) return;
    dispatch({ kind: "ended", hasNext: next !== null, autoNext, countdown: autoNextCountdown, askFirst });
  }, [ended, askFirst, next, autoNext, autoNextCountdown]);
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
