// The viewer's presence for «Вы ещё смотрите?»: any pointer, key, touch or wheel on the page starts the count again;
// an episode's end adds one and says whether to ask before the next (still-watching.ts).
import { useCallback, useEffect } from "react";
import type { StillWatchingSettings } from "~/features/video-engine/still-watching";

const INPUT_EVENTS = ["pointerdown", "keydown", "touchstart", "wheel"] as const;
/** Input comes in bursts (a drag, a held key): the record is written at most once a second. */
const WRITE_EVERY_MS = 1_000;

const presenceModule = () => import("./still-watching-presence");

export function useStillWatching(settings: StillWatchingSettings): { episodeEnded(): Promise<boolean> } {
  useEffect(() => {
    let lastWrite = -Infinity;
    const onInput = (event: Event) => {
      if (!event.isTrusted || event.timeStamp - lastWrite < WRITE_EVERY_MS) return;
      lastWrite = event.timeStamp;
      const now = Date.now();
      void presenceModule().then(({ recordInput }) => recordInput(now));
    };
    for (const name of INPUT_EVENTS) window.addEventListener(name, onInput, { capture: true, passive: true });
    return () => {
      for (const name of INPUT_EVENTS) window.removeEventListener(name, onInput, { capture: true });
    };
  }, []);
  const { stillWatchingCheck, stillWatchingEpisodes, stillWatchingMinutes } = settings;
  const episodeEnded = useCallback(async () => {
    const now = Date.now();
    const { recordEpisodeEnd } = await presenceModule();
    return recordEpisodeEnd({ stillWatchingCheck, stillWatchingEpisodes, stillWatchingMinutes }, now);
  }, [stillWatchingCheck, stillWatchingEpisodes, stillWatchingMinutes]);
  return { episodeEnded };
}
