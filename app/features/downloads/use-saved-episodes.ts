// The page's view of saved episodes: the records, the storage estimate, and commands to the worker.
import { useCallback, useEffect, useMemo, useState } from "react";
import type { SavedEpisode } from "./download-state";
import { OFFLINE_EPISODES_CHANNEL, unstoredRecordOf, type DownloadCommand } from "./messages";
import { readSavedEpisodes } from "./offline-store";

export type StorageFigures = { usage: number; quota: number };

export type SavedEpisodes = {
  /** Null until read (and on the server). */
  records: SavedEpisode[] | null;
  storage: StorageFigures | null;
  /** False when the browser cannot save (no worker, Cache Storage or IndexedDB); null on the server and before hydration. */
  supported: boolean | null;
  send(command: DownloadCommand): void;
};

export function canSaveEpisodes(): boolean {
  return (
    typeof window !== "undefined" &&
    "serviceWorker" in navigator &&
    "caches" in window &&
    "indexedDB" in window &&
    "BroadcastChannel" in window
  );
}

async function storageFigures(): Promise<StorageFigures | null> {
  if (!navigator.storage?.estimate) return null;
  const { usage = 0, quota = 0 } = await navigator.storage.estimate();
  return { usage, quota };
}

export function sendToWorker(command: DownloadCommand): void {
  void navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage(command));
}

export function useSavedEpisodes(): SavedEpisodes {
  const [supported, setSupported] = useState<boolean | null>(null);
  const [records, setRecords] = useState<SavedEpisode[] | null>(null);
  const [storage, setStorage] = useState<StorageFigures | null>(null);
  /** Records the worker could not store for want of space, by episode: shown until its next word on them. */
  const [unstored, setUnstored] = useState<ReadonlyMap<string, SavedEpisode>>(new Map());

  useEffect(() => {
    const able = canSaveEpisodes();
    setSupported(able);
    if (!able) return;
    let active = true;
    const refresh = () => {
      void readSavedEpisodes().then(
        (found) => active && setRecords(found),
        () => active && setRecords([]),
      );
      void storageFigures().then((figures) => active && setStorage(figures));
    };
    refresh();
    const channel = new BroadcastChannel(OFFLINE_EPISODES_CHANNEL);
    channel.onmessage = (event: MessageEvent<unknown>) => {
      const notice = unstoredRecordOf(event.data);
      if (notice) {
        setUnstored((current) => {
          if (!notice.unstored && !current.has(notice.episodeId)) return current;
          const next = new Map(current);
          if (notice.unstored) next.set(notice.episodeId, notice.unstored);
          else next.delete(notice.episodeId);
          return next;
        });
      }
      refresh();
    };
    // Downloads the worker was stopped in the middle of carry on.
    sendToWorker({ type: "offline-download:continue" });
    return () => {
      active = false;
      channel.close();
    };
  }, []);

  const send = useCallback((command: DownloadCommand) => sendToWorker(command), []);
  const shown = useMemo(() => {
    if (records === null || unstored.size === 0) return records;
    return [...records.filter((record) => !unstored.has(record.episodeId)), ...unstored.values()];
  }, [records, unstored]);
  return { records: shown, storage, supported, send };
}
