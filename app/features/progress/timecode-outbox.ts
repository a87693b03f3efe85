// A signed-in user's timecodes not yet confirmed by the server: batched, persisted so a closed tab loses nothing.
import type { TimecodeEntry } from "~/domain/account";
import { readJson, writeJson, type KeyValueStorage } from "./browser-storage";

export const OUTBOX_KEY = "progress:outbox:v1";
/** The upstream takes at most this many entries per call. */
export const MAX_BATCH_SIZE = 100;

type Pending = TimecodeEntry & { revision: number };

/**
 * One entry per episode, the latest wins. A batch taken for sending is removed only when the server
 * confirmed it and nothing newer was recorded for the same episode meanwhile.
 */
export class TimecodeOutbox {
  private pending = new Map<string, Pending>();
  private revision = 0;

  constructor(
    /** The account the entries belong to: another account's leftovers on a shared browser are dropped. */
    private readonly accountId: number,
    private readonly storage: KeyValueStorage | null,
  ) {
    const stored = readJson(storage, OUTBOX_KEY) as { accountId?: unknown; entries?: unknown } | null;
    if (stored?.accountId !== accountId || !Array.isArray(stored.entries)) return;
    for (const raw of stored.entries as Partial<TimecodeEntry>[]) {
      if (typeof raw?.releaseEpisodeId !== "string" || typeof raw.time !== "number" || !Number.isFinite(raw.time) || raw.time < 0) continue;
      this.pending.set(raw.releaseEpisodeId, {
        releaseEpisodeId: raw.releaseEpisodeId,
        time: raw.time,
        isWatched: raw.isWatched === true,
        revision: 0,
      });
    }
  }

  get size(): number {
    return this.pending.size;
  }

  get(releaseEpisodeId: string): TimecodeEntry | null {
    const entry = this.pending.get(releaseEpisodeId);
    return entry ? { releaseEpisodeId: entry.releaseEpisodeId, time: entry.time, isWatched: entry.isWatched } : null;
  }

  entries(): TimecodeEntry[] {
    return [...this.pending.values()].map(({ releaseEpisodeId, time, isWatched }) => ({ releaseEpisodeId, time, isWatched }));
  }

  record(entry: TimecodeEntry): void {
    this.revision += 1;
    this.pending.set(entry.releaseEpisodeId, { ...entry, revision: this.revision });
    this.persist();
  }

  /** The next batch to send, with the revisions to confirm it by. */
  takeBatch(): { entries: TimecodeEntry[]; revisions: Map<string, number> } | null {
    if (this.pending.size === 0) return null;
    const batch = [...this.pending.values()].slice(0, MAX_BATCH_SIZE);
    return {
      entries: batch.map(({ releaseEpisodeId, time, isWatched }) => ({ releaseEpisodeId, time, isWatched })),
      revisions: new Map(batch.map((entry) => [entry.releaseEpisodeId, entry.revision])),
    };
  }

  /** The server has these: forget them unless they changed while in flight. */
  confirm(revisions: Map<string, number>): void {
    for (const [releaseEpisodeId, revision] of revisions) {
      if (this.pending.get(releaseEpisodeId)?.revision === revision) this.pending.delete(releaseEpisodeId);
    }
    this.persist();
  }

  private persist(): void {
    if (this.pending.size === 0) {
      try {
        this.storage?.removeItem(OUTBOX_KEY);
      } catch {
        // Storage disabled: nothing was persisted either.
      }
      return;
    }
    writeJson(this.storage, OUTBOX_KEY, { accountId: this.accountId, entries: this.entries() });
  }
}
