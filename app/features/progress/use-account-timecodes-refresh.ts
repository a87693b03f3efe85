// Spec §4 and §9: a signed-in user's timecodes are asked again every 5 minutes while a page that shows them is open.
import { useEffect, useRef } from "react";
import type { TimecodeEntry } from "~/domain/account";
import { proxyTransport } from "./account-timecodes";
import { ACCOUNT_REFRESH_MS } from "./progress-store";

export function useAccountTimecodesRefresh(enabled: boolean, receive: (entries: TimecodeEntry[]) => void): void {
  const latestReceive = useRef(receive);
  latestReceive.current = receive;
  useEffect(() => {
    if (!enabled) return;
    const timer = window.setInterval(async () => {
      const entries = await proxyTransport.fetchAll();
      if (entries) latestReceive.current(entries);
    }, ACCOUNT_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [enabled]);
}
