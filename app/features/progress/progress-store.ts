// The one place the player saves and reads watch progress: local first, then (signed in) the account.
import type { TimecodeEntry } from "~/domain/account";
import type { TimecodeTransport } from "./account-timecodes";
import type { KeyValueStorage } from "./browser-storage";
import { loadLocalProgress, saveLocalProgress, withTimecode, type LocalProgress, type RecentRelease } from "./local-progress";
import { TimecodeOutbox } from "./timecode-outbox";

/** docs/product.md#states: batched to the server every 10–15 s. */
export const SYNC_INTERVAL_MS = 12_000;

export type SavedPosition = { time: number; isWatched: boolean };
export type ReleaseCard = Omit<RecentRelease, "episodeId" | "time" | "isWatched" | "updatedAt">;

export type ProgressStore = {
  readonly kind: "visitor" | "account";
  get(releaseEpisodeId: string): SavedPosition | null;
  /** Local state at once; for an account, queued for the next batch. */
  save(entry: TimecodeEntry, release: ReleaseCard | null): void;
  /** Sends the queued batch now (pause, interval). */
  flush(): Promise<void>;
  /** The page is being hidden or closed: hand the queue to the browser. */
  flushOnExit(): void;
  /** Adds or replaces entries of the account's server view (page data, the 5-minute refresh). */
  receiveServerEntries(entries: readonly TimecodeEntry[]): void;
  subscribe(listener: () => void): () => void;
};

type Options = { storage: KeyValueStorage | null; now?: () => number };

function listenerSet() {
  const listeners = new Set<() => void>();
  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    emit() {
      for (const listener of listeners) listener();
    },
  };
}

function localSaver({ storage, now = Date.now }: Options) {
  let progress: LocalProgress = loadLocalProgress(storage);
  return {
    get(releaseEpisodeId: string): SavedPosition | null {
      const entry = progress.timecodes[releaseEpisodeId];
      return entry ? { time: entry.time, isWatched: entry.isWatched } : null;
    },
    save(entry: TimecodeEntry, release: ReleaseCard | null) {
      // Another tab may have written since: start from what storage holds now.
      progress = withTimecode(
        loadLocalProgress(storage),
        entry.releaseEpisodeId,
        { time: entry.time, isWatched: entry.isWatched, updatedAt: now() },
        release,
      );
      saveLocalProgress(progress, storage);
    },
  };
}

/** docs/product.md#states and #roles: a visitor's timecodes live only in this browser. */
export function createVisitorProgressStore(options: Options): ProgressStore {
  const local = localSaver(options);
  const events = listenerSet();
  return {
    kind: "visitor",
    get: local.get,
    save(entry, release) {
      local.save(entry, release);
      events.emit();
    },
    flush: async () => undefined,
    flushOnExit: () => undefined,
    receiveServerEntries: () => undefined,
    subscribe: events.subscribe,
  };
}

/**
 * A signed-in user's timecodes: what this page saved wins until the server confirmed it (the outbox),
 * then the server's view. The "continue watching" card is kept locally as for visitors.
 */
export function createAccountProgressStore(accountId: number, transport: TimecodeTransport, options: Options): ProgressStore {
  const local = localSaver(options);
  const outbox = new TimecodeOutbox(accountId, options.storage);
  const server = new Map<string, SavedPosition>();
  const events = listenerSet();
  let sending: Promise<void> | null = null;

  async function sendBatch(): Promise<void> {
    const batch = outbox.takeBatch();
    if (!batch) return;
    if (await transport.send(batch.entries)) {
      for (const entry of batch.entries) server.set(entry.releaseEpisodeId, { time: entry.time, isWatched: entry.isWatched });
      outbox.confirm(batch.revisions);
    }
  }

  return {
    kind: "account",
    get(releaseEpisodeId) {
      const pending = outbox.get(releaseEpisodeId);
      if (pending) return { time: pending.time, isWatched: pending.isWatched };
      return server.get(releaseEpisodeId) ?? null;
    },
    save(entry, release) {
      local.save(entry, release);
      outbox.record(entry);
      events.emit();
    },
    flush() {
      sending ??= sendBatch().finally(() => {
        sending = null;
      });
      return sending;
    },
    flushOnExit() {
      const batch = outbox.takeBatch();
      if (batch && transport.sendOnExit(batch.entries)) outbox.confirm(batch.revisions);
    },
    receiveServerEntries(entries) {
      for (const entry of entries) server.set(entry.releaseEpisodeId, { time: entry.time, isWatched: entry.isWatched });
      events.emit();
    },
    subscribe: events.subscribe,
  };
}
