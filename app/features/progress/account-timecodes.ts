// The browser side of account timecodes: the same-origin proxy (docs/product.md#calls), by fetch and by sendBeacon.
import type { TimecodeEntry } from "~/domain/account";
import { readTimecodeWireList, toTimecodeWire } from "~/domain/timecode-wire";

export const ACCOUNT_TIMECODES_URL = "/api/v1/accounts/users/me/views/timecodes";

function wireBody(entries: readonly TimecodeEntry[]): string {
  return JSON.stringify(toTimecodeWire(entries));
}

export type TimecodeTransport = {
  send(entries: readonly TimecodeEntry[]): Promise<boolean>;
  /** For a page being hidden or closed: queued by the browser, delivered after the page is gone. */
  sendOnExit(entries: readonly TimecodeEntry[]): boolean;
  fetchAll(): Promise<TimecodeEntry[] | null>;
};

export const proxyTransport: TimecodeTransport = {
  async send(entries) {
    try {
      const response = await fetch(ACCOUNT_TIMECODES_URL, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: wireBody(entries),
        credentials: "same-origin",
        keepalive: true,
      });
      return response.ok;
    } catch {
      return false;
    }
  },
  sendOnExit(entries) {
    // text/plain keeps the beacon a "simple" request; the proxy sends the upstream JSON whatever the type.
    if (typeof navigator === "undefined" || typeof navigator.sendBeacon !== "function") return false;
    try {
      return navigator.sendBeacon(ACCOUNT_TIMECODES_URL, new Blob([wireBody(entries)], { type: "text/plain;charset=UTF-8" }));
    } catch {
      return false;
    }
  },
  async fetchAll() {
    try {
      const response = await fetch(ACCOUNT_TIMECODES_URL, { credentials: "same-origin", headers: { Accept: "application/json" } });
      return response.ok ? readTimecodeWireList(await response.json()) : null;
    } catch {
      return null;
    }
  },
};
