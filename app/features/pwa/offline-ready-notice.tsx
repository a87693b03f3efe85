// A short notice after the worker's first install: visited pages now open without a network (spec §4 offline-ready flag).
// Plain markup rather than a toast: the toast stack is a 10 KB chunk a first visit should not download for this.
import { useEffect, useState, useSyncExternalStore } from "react";
import { pwaStore } from "./lifecycle";
import { pwaStrings } from "./strings";

const VISIBLE_MS = 8000;

export function OfflineReadyNotice() {
  const { offlineReady } = useSyncExternalStore(pwaStore.subscribe, pwaStore.getState, pwaStore.getServerState);
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (!offlineReady) return;
    const timer = window.setTimeout(() => setHidden(true), VISIBLE_MS);
    return () => window.clearTimeout(timer);
  }, [offlineReady]);
  return (
    <div role="status" className="pointer-events-none fixed bottom-4 right-4 z-40 max-w-sm">
      {offlineReady && !hidden ? <p className="rounded-md border border-line bg-surface px-4 py-3 text-sm shadow-lg">{pwaStrings.offlineReady}</p> : null}
    </div>
  );
}
