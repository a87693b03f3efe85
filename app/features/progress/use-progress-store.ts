// The page's progress store with its timers: a batch every 12 s and a refresh every 5 min for an account.
import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from "react";
import type { TimecodeEntry } from "~/domain/account";
import { proxyTransport } from "./account-timecodes";
import { browserStorage } from "./browser-storage";
import { useAccountTimecodesRefresh } from "./use-account-timecodes-refresh";
import {
  createAccountProgressStore,
  createVisitorProgressStore,
  SYNC_INTERVAL_MS,
  type ProgressStore,
  type SavedPosition,
} from "./progress-store";

/**
 * Null on the server. Created during the first browser render (it renders nothing itself) so the player
 * knows the saved position before it attaches the stream. `accountId` null means a visitor.
 */
export function useProgressStore(accountId: number | null, serverEntries: readonly TimecodeEntry[] | null): ProgressStore | null {
  const store = useMemo(() => {
    if (typeof window === "undefined") return null;
    const storage = browserStorage();
    return accountId === null
      ? createVisitorProgressStore({ storage })
      : createAccountProgressStore(accountId, proxyTransport, { storage });
  }, [accountId]);

  // The page's own copy of the server's positions is merged before anyone reads the store.
  const received = useRef<readonly TimecodeEntry[] | null>(null);
  if (store && serverEntries && received.current !== serverEntries) {
    received.current = serverEntries;
    store.receiveServerEntries(serverEntries);
  }

  useEffect(() => {
    if (!store || store.kind === "visitor") return;
    // Whatever a closed tab could not deliver goes first.
    void store.flush();
    const batches = window.setInterval(() => void store.flush(), SYNC_INTERVAL_MS);
    return () => {
      window.clearInterval(batches);
      void store.flush();
    };
  }, [store]);
  const receiveRefreshed = useCallback((entries: TimecodeEntry[]) => store?.receiveServerEntries(entries), [store]);
  useAccountTimecodesRefresh(store?.kind === "account", receiveRefreshed);

  return store;
}

/** One episode's saved position, re-rendering when it changes; the server-side value until hydrated. */
export function useSavedPosition(
  store: ProgressStore | null,
  releaseEpisodeId: string,
  serverValue: SavedPosition | null,
): SavedPosition | null {
  // Snapshots must compare equal when nothing changed, so they are strings until parsed.
  const snapshot = useSyncExternalStore(
    (listener) => store?.subscribe(listener) ?? (() => undefined),
    () => encode(store?.get(releaseEpisodeId) ?? serverValue),
    () => encode(serverValue),
  );
  return useMemo(() => decode(snapshot), [snapshot]);
}

function encode(position: SavedPosition | null): string {
  return position ? `${position.time}|${position.isWatched ? 1 : 0}` : "";
}

function decode(snapshot: string): SavedPosition | null {
  if (!snapshot) return null;
  const [time, watched] = snapshot.split("|");
  return { time: Number(time), isWatched: watched === "1" };
}
