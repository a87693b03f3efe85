// A toast after the worker's first install: visited pages now open without a network (docs/product.md#states:
// offline-ready flag). A toast where the others are, bottom right: at the top it covered what a first visit came to
// read (decision 0283). The toast stack loads only then, after the page has been shown.
import { useEffect, useSyncExternalStore } from "react";
import { notify } from "~/components/toasts/toaster";
import { pwaStore } from "./lifecycle";
import { pwaStrings } from "./strings";

const OFFLINE_READY_TOAST_ID = "offline-ready";

export function OfflineReadyNotice() {
  const { offlineReady } = useSyncExternalStore(pwaStore.subscribe, pwaStore.getState, pwaStore.getServerState);
  useEffect(() => {
    if (offlineReady) notify({ kind: "success", lines: [pwaStrings.offlineReady], id: OFFLINE_READY_TOAST_ID });
  }, [offlineReady]);
  return null;
}
