// The browser side of account timecodes: the same-origin proxy (docs/product.md#calls), by fetch and by sendBeacon.
import type { TimecodeEntry } from "~/domain/account";

export const ACCOUNT_TIMECODES_URL = "/api/v1/accounts/users/me/views/timecodes";

function wireBody(entries: readonly TimecodeEntry[]): string {
  return JSON.stringify(
    entries.map((entry) => ({ time: entry.time, is_watched: entry.isWatched, release_episode_id: entry.releaseEpisodeId })),
  );
}

/** `[[id, time, watched], …]` or objects; anything else is skipped. Kept tiny: zod stays out of the player bundle. */
export function parseTimecodeList(body: unknown): TimecodeEntry[] {
  const list = Array.isArray(body)
    ? body
    : body && typeof body === "object" && Array.isArray((body as { data?: unknown }).data)
      ? (body as { data: unknown[] }).data
      : [];
  const entries: TimecodeEntry[] = [];
  for (const item of list) {
    if (Array.isArray(item)) {
      const [id, time, watched] = item as unknown[];
      if ((typeof id === "string" || typeof id === "number") && typeof time === "number") {
        entries.push({ releaseEpisodeId: String(id), time, isWatched: watched === true });
      }
    } else if (item && typeof item === "object") {
      const entry = item as { release_episode_id?: unknown; time?: unknown; is_watched?: unknown };
      if (
        (typeof entry.release_episode_id === "string" || typeof entry.release_episode_id === "number") &&
        typeof entry.time === "number"
      ) {
        entries.push({ releaseEpisodeId: String(entry.release_episode_id), time: entry.time, isWatched: entry.is_watched === true });
      }
    }
  }
  return entries;
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
      return response.ok ? parseTimecodeList(await response.json()) : null;
    } catch {
      return null;
    }
  },
};
