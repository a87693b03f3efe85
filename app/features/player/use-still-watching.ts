// The viewer's presence for «Вы ещё смотрите?»: any pointer, key or touch on the page starts the count again; an
// episode's end adds one and says whether to ask before the next (still-watching.ts).
import { useCallback, useEffect } from "react";
import type { KeyValueStorage } from "~/features/progress/browser-storage";
import {
  presenceAfterEpisode,
  presenceAfterInput,
  readPresence,
  shouldAskStillWatching,
  writePresence,
  type StillWatchingSettings,
} from "./still-watching";

const INPUT_EVENTS = ["pointerdown", "keydown", "touchstart", "wheel"] as const;
/** Input comes in bursts (a drag, a held key): the record is written at most once a second. */
const WRITE_EVERY_MS = 1_000;

function tabStorage(): KeyValueStorage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function useStillWatching(settings: StillWatchingSettings): { episodeEnded(): boolean } {
  useEffect(() => {
    let lastWrite = 0;
    const onInput = (event: Event) => {
      if (!event.isTrusted || event.timeStamp - lastWrite < WRITE_EVERY_MS) return;
      lastWrite = event.timeStamp;
      writePresence(tabStorage(), presenceAfterInput(Date.now()));
    };
    for (const name of INPUT_EVENTS) window.addEventListener(name, onInput, { capture: true, passive: true });
    return () => {
      for (const name of INPUT_EVENTS) window.removeEventListener(name, onInput, { capture: true });
    };
  }, []);
  const { stillWatchingCheck, stillWatchingEpisodes, stillWatchingMinutes } = settings;
  const episodeEnded = useCallback(() => {
    const now = Date.now();
    const presence = presenceAfterEpisode(readPresence(tabStorage(), now));
    writePresence(tabStorage(), presence);
    return shouldAskStillWatching(presence, { stillWatchingCheck, stillWatchingEpisodes, stillWatchingMinutes }, now);
  }, [stillWatchingCheck, stillWatchingEpisodes, stillWatchingMinutes]);
  return { episodeEnded };
}
