// Watch progress per episode: the account's timecodes for a signed-in user, the browser's own store for a visitor.
import { useEffect, useState } from "react";
import { useAccountExtras } from "~/features/account/account-extras";
import { loadLocalProgress } from "~/features/progress/local-progress";

export type EpisodeProgress = { time: number; isWatched: boolean };

/** Empty until known: the server cannot see either store, so progress appears after hydration. */
export function useEpisodeProgress(signedIn: boolean): ReadonlyMap<string, EpisodeProgress> {
  const extras = useAccountExtras();
  const [local, setLocal] = useState<ReadonlyMap<string, EpisodeProgress>>(new Map());
  useEffect(() => {
    if (signedIn) return;
    const { timecodes } = loadLocalProgress();
    setLocal(new Map(Object.entries(timecodes).map(([episodeId, entry]) => [episodeId, { time: entry.time, isWatched: entry.isWatched }])));
  }, [signedIn]);
  if (!signedIn) return local;
  return new Map((extras?.timecodes ?? []).map((entry) => [entry.releaseEpisodeId, { time: entry.time, isWatched: entry.isWatched }]));
}

/** Percent watched (0–100), or null when there is nothing to show. */
export function progressPercent(progress: EpisodeProgress | undefined, duration: number | null): number | null {
  if (!progress) return null;
  if (progress.isWatched) return 100;
  if (!duration || duration <= 0 || progress.time <= 0) return null;
  return Math.min(100, Math.max(1, Math.round((progress.time / duration) * 100)));
}
