// Low-data mode in the browser (decision 0288): what the server read (the switch's cookie, the Save-Data header), or,
// once hydrated, the browser's own `navigator.connection.saveData`. Pictures, link prefetching, the service worker
// and the player follow it.
import { createContext, useContext, useSyncExternalStore, type ReactNode } from "react";
import { browserSavesData, type LowDataReason } from "~/domain/low-data";

const ServerLowData = createContext<LowDataReason | null>(null);

export function LowDataProvider({ reason, children }: { reason: LowDataReason | null; children: ReactNode }) {
  return <ServerLowData.Provider value={reason}>{children}</ServerLowData.Provider>;
}

// The signal is read once a page loads: a change while it is open applies from the next page.
const noSubscription = () => () => undefined;
const notOnTheServer = () => false;

export function useLowData(): LowDataReason | null {
  const fromServer = useContext(ServerLowData);
  const savesData = useSyncExternalStore(noSubscription, browserSavesData, notOnTheServer);
  return fromServer ?? (savesData ? "browser" : null);
}

/** Remix's prefetch on intent, none in low-data mode. */
export function useIntentPrefetch(): "intent" | "none" {
  return useLowData() ? "none" : "intent";
}
