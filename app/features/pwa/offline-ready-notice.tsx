// A short notice after the worker's first install: visited pages now open without a network (docs/product.md#states: offline-ready flag).
// Plain markup rather than a toast: the toast stack is a 10 KB chunk a first visit should not download for this.
import { useEffect, useState, useSyncExternalStore } from "react";
import { TOAST_DURATION_MS } from "~/components/toasts/toast-style";
import { pwaStore } from "./lifecycle";
import { pwaStrings } from "./strings";

export function OfflineReadyNotice() {
  const { offlineReady } = useSyncExternalStore(pwaStore.subscribe, pwaStore.getState, pwaStore.getServerState);
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (!offlineReady) return;
    const timer = window.setTimeout(() => setHidden(true), TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [offlineReady]);
  return (
    // At the top, under the header: toasts stack at the bottom and this must not peek out from behind them.
    <div role="status" className="pointer-events-none fixed inset-x-4 top-20 z-40 mx-auto max-w-sm">
      {offlineReady && !hidden ? (
        <p className="rounded-md border border-line bg-surface px-4 py-3 text-sm shadow-lg">{pwaStrings.offlineReady}</p>
      ) : null}
    </div>
  );
}
