// A toast after the worker's first install: visited pages now open without a network (docs/product.md#states:
// offline-ready flag). Where the other toasts are, bottom right: at the top it covered what a first visit came to read
// (decision 0283). Drawn without the toast stack, a 10 KB chunk a first visit should not download for this; when the
// page asks for a toast, the stack loads anyway and the notice moves into it, so the two never lie on each other.
import { useEffect, useState, useSyncExternalStore } from "react";
import { StaticToast } from "~/components/toasts/toast-lines";
import { anyToastRequested, onToastEnqueued } from "~/components/toasts/toast-queue";
import { TOAST_DURATION_MS } from "~/components/toasts/toast-style";
import { notify } from "~/components/toasts/toaster";
import { pwaStore } from "./lifecycle";
import { pwaStrings } from "./strings";

const NOTICE = { kind: "success", lines: [pwaStrings.offlineReady], id: "offline-ready" } as const;

export function OfflineReadyNotice() {
  const { offlineReady } = useSyncExternalStore(pwaStore.subscribe, pwaStore.getState, pwaStore.getServerState);
  const [drawnHere, setDrawnHere] = useState(false);
  useEffect(() => {
    if (!offlineReady) return;
    if (anyToastRequested()) {
      notify(NOTICE);
      return;
    }
    setDrawnHere(true);
    const timer = window.setTimeout(() => setDrawnHere(false), TOAST_DURATION_MS);
    const stopListening = onToastEnqueued(() => {
      stopListening();
      window.clearTimeout(timer);
      setDrawnHere(false);
      notify(NOTICE);
    });
    return () => {
      stopListening();
      window.clearTimeout(timer);
    };
  }, [offlineReady]);
  return drawnHere ? <StaticToast kind={NOTICE.kind} lines={NOTICE.lines} /> : null;
}
