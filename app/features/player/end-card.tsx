// The end-of-episode card: the next episode with a countdown, or a plain choice when auto-next is off.
import { Link } from "@remix-run/react";
import type { EndCardState } from "./auto-next";
import type { QueueEpisode } from "~/features/video-engine/player-data";
import { episodeLabel, playerStrings } from "./strings";

type Props = { state: EndCardState; next: QueueEpisode; nextHref: string; onCancel(): void; onReplay(): void };

export function EndCard({ state, next, nextHref, onCancel, onReplay }: Props) {
  if (state.kind === "hidden" || state.kind === "asking") return null;
  return (
    <div className="absolute inset-0 z-20 flex items-center justify-center bg-black/80 p-4" data-end-card={state.kind}>
      <div className="w-full max-w-sm rounded-lg bg-neutral-900 p-5 text-center text-white shadow-xl">
        <p className="text-sm text-neutral-300">
          {state.kind === "counting" ? playerStrings.nextIn(state.secondsLeft) : playerStrings.nextEpisode}
        </p>
        <p className="mt-1 text-lg font-semibold">
          {episodeLabel(next)}
          {next.ordinal !== null && next.name ? ` — ${next.name}` : ""}
        </p>
        {next.preview ? (
          <img src={next.preview} alt="" className="image-fallback mx-auto mt-3 aspect-video w-full rounded object-cover" loading="lazy" />
        ) : null}
        <div className="mt-4 flex justify-center gap-3">
          <Link to={nextHref} className="rounded bg-secondary px-4 py-2 font-semibold text-white">
            {playerStrings.nextNow}
          </Link>
          {state.kind === "counting" ? (
            <button type="button" onClick={onCancel} className="rounded border border-white/30 px-4 py-2">
              {playerStrings.cancel}
            </button>
          ) : (
            <button type="button" onClick={onReplay} className="rounded border border-white/30 px-4 py-2">
              {playerStrings.replay}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
