// docs/product.md#states and #constants: a signed-in user's timecodes are asked again every 5 minutes while a page that shows them is open.
import { useEffect, useRef } from "react";
import type { TimecodeEntry } from "~/domain/account";

/** docs/product.md#constants: account timecodes are refreshed every 300000 ms. */
export const ACCOUNT_REFRESH_MS = 300_000;

/** The transport is imported when the first refresh runs: pages other than the player (and visitors) do not download it up front. */
export function useAccountTimecodesRefresh(enabled: boolean, receive: (entries: TimecodeEntry[]) => void): void {
  const latestReceive = useRef(receive);
  latestReceive.current = receive;
  useEffect(() => {
    if (!enabled) return;
    const timer = window.setInterval(async () => {
      const { proxyTransport } = await import("./account-timecodes");
      const entries = await proxyTransport.fetchAll();
      if (entries) latestReceive.current(entries);
    }, ACCOUNT_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [enabled]);
}
