// Watch progress per episode on the release page: the account's timecodes for a signed-in user, the browser's own store for a visitor.
import { startTransition, useEffect, useMemo, useState } from "react";
import type { TimecodeEntry } from "~/domain/account";
import { browserStorage } from "~/features/progress/browser-storage";
import { loadLocalProgress } from "~/features/progress/local-progress";
import { useAccountTimecodesRefresh } from "~/features/progress/use-account-timecodes-refresh";
import type { EpisodeRef } from "./episode-pages";
import type { EpisodeProgress, ReleaseProgress } from "./episode-state";

function progressMap(entries: readonly TimecodeEntry[]): Map<string, EpisodeProgress> {
  return new Map(entries.map((entry) => [entry.releaseEpisodeId, { time: entry.time, isWatched: entry.isWatched }]));
}

/** The new entries, or the same empty list when there were none and are none: React then skips the render. */
const replacingUnlessBothEmpty = (entries: readonly TimecodeEntry[]) => (previous: readonly TimecodeEntry[]) =>
  previous.length === 0 && entries.length === 0 ? previous : entries;

/**
 * Signed in: the loader's timecodes (so the server renders them), refreshed every 5 minutes, with what this
 * browser has not delivered yet on top (decision 0031). A visitor's progress exists only in the browser,
 * so it appears after hydration.
 */
export function useReleaseProgress(accountId: number | null, serverTimecodes: readonly TimecodeEntry[] | null): ReleaseProgress {
  const [server, setServer] = useState(serverTimecodes);
  const [browser, setBrowser] = useState<readonly TimecodeEntry[]>([]);
  useEffect(() => setServer(serverTimecodes), [serverTimecodes]);
  useEffect(() => {
    const storage = browserStorage();
    if (accountId !== null) {
      // Only signed-in users have an outbox: visitors do not download its code.
      let current = true;
      // Background data: a transition, so it never forces a still-hydrating part of the page to drop its HTML.
      void import("~/features/progress/timecode-outbox").then(({ TimecodeOutbox }) => {
        const entries = new TimecodeOutbox(accountId, storage).entries();
        if (!current) return;
        startTransition(() => setBrowser(replacingUnlessBothEmpty(entries)));
      });
      return () => {
        current = false;
      };
    }
    const { timecodes } = loadLocalProgress(storage);
    const entries = Object.entries(timecodes).map(([releaseEpisodeId, entry]) => ({
      releaseEpisodeId,
      time: entry.time,
      isWatched: entry.isWatched,
    }));
    // In a transition, and not at all when nothing changes: an update outside one renders the whole episode list again
    // in one task, 90 ms of a slow phone's main thread on a page of 100 episodes (docs/decisions/0241).
    startTransition(() => setBrowser(replacingUnlessBothEmpty(entries)));
  }, [accountId]);
  useAccountTimecodesRefresh(accountId !== null, (entries) => startTransition(() => setServer(entries)));
  return useMemo(() => progressMap([...(accountId !== null ? (server ?? []) : []), ...browser]), [accountId, server, browser]);
}

/**
 * A visitor's last episode of this release played in this browser, read after hydration: where "Смотреть" leads
 * on a release whose whole list the page does not carry.
 */
export function useRecentOfRelease(releaseId: number, enabled: boolean): { episode: EpisodeRef; time: number; isWatched: boolean } | null {
  const [recent, setRecent] = useState<{ episode: EpisodeRef; time: number; isWatched: boolean } | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const entry = loadLocalProgress(browserStorage()).recent.find((item) => item.releaseId === releaseId);
    setRecent(
      entry
        ? { episode: { id: entry.episodeId, ordinal: entry.episodeOrdinal, name: null }, time: entry.time, isWatched: entry.isWatched }
        : null,
    );
  }, [releaseId, enabled]);
  return recent;
}
