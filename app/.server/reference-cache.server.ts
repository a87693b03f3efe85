// The per-process cache of reference data (genres, years, types, sorting…) and other slow-changing answers.
import { createBoundedCache } from "./bounded-cache";

export const REFERENCE_TTL_MS = 10 * 60 * 1000;

type CacheEntry = { value: Promise<unknown>; loaded?: { value: unknown } };

export type ReferenceCache = {
  /** The cached value for `key`, loading it once however many requests ask at the same time. */
  get<Value>(key: string, load: () => Promise<Value>): Promise<Value>;
  /** The value when it is loaded and fresh; undefined while it loads or when nobody asked for it yet. */
  peek<Value>(key: string): { value: Value } | undefined;
  clear(): void;
  /** Entries held, fresh or expired but not swept yet. */
  size(): number;
};

/**
 * `maxEntries` bounds the cache (its keys are counted in its bytes); the least recently used entry goes first, and
 * expired entries are swept on a timer (app/.server/bounded-cache.ts, decision 0247).
 */
export function createReferenceCache(ttlMs = REFERENCE_TTL_MS, now: () => number = Date.now, maxEntries = 256): ReferenceCache {
  const entries = createBoundedCache<CacheEntry>({ maxEntries, ttlMs, now });
  return {
    get<Value>(key: string, load: () => Promise<Value>): Promise<Value> {
      const cached = entries.get(key);
      if (cached) return cached.value as Promise<Value>;
      const value = load();
      const entry: CacheEntry = { value };
      entries.set(key, entry);
      // A failure is not cached: the next request tries again.
      value.then(
        (loaded) => {
          entry.loaded = { value: loaded };
        },
        () => {
          if (entries.peek(key) === entry) entries.delete(key);
        },
      );
      return value;
    },
    peek<Value>(key: string) {
      return entries.peek(key)?.loaded as { value: Value } | undefined;
    },
    clear() {
      entries.clear();
    },
    size: entries.size,
  };
}

/** The process-wide reference cache. */
// Its keys are a fixed set of reference paths times the allowed hosts; the bound only guards against a mistake.
export const referenceCache = createReferenceCache(REFERENCE_TTL_MS, Date.now, 256);
