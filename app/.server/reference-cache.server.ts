// The per-process cache of reference data (genres, years, types, sorting…) and other slow-changing answers.

export const REFERENCE_TTL_MS = 10 * 60 * 1000;

type CacheEntry = { expiresAt: number; value: Promise<unknown>; loaded?: { value: unknown } };

export type ReferenceCache = {
  /** The cached value for `key`, loading it once however many requests ask at the same time. */
  get<Value>(key: string, load: () => Promise<Value>): Promise<Value>;
  /** The value when it is loaded and fresh; undefined while it loads or when nobody asked for it yet. */
  peek<Value>(key: string): { value: Value } | undefined;
  clear(): void;
};

/** `maxEntries` bounds a cache whose keys are open-ended (per-episode data): the oldest entry goes first. */
export function createReferenceCache(ttlMs = REFERENCE_TTL_MS, now: () => number = Date.now, maxEntries = Infinity): ReferenceCache {
  const entries = new Map<string, CacheEntry>();
  return {
    get<Value>(key: string, load: () => Promise<Value>): Promise<Value> {
      const cached = entries.get(key);
      if (cached && cached.expiresAt > now()) return cached.value as Promise<Value>;
      const value = load();
      const entry: CacheEntry = { expiresAt: now() + ttlMs, value };
      entries.delete(key);
      entries.set(key, entry);
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      // A failure is not cached: the next request tries again.
      value.then(
        (loaded) => {
          entry.loaded = { value: loaded };
        },
        () => {
          if (entries.get(key) === entry) entries.delete(key);
        },
      );
      return value;
    },
    peek<Value>(key: string) {
      const cached = entries.get(key);
      return cached && cached.expiresAt > now() ? (cached.loaded as { value: Value } | undefined) : undefined;
    },
    clear() {
      entries.clear();
    },
  };
}

/** The process-wide reference cache. */
// Its keys are a fixed set of reference paths times the allowed hosts; the bound only guards against a mistake.
export const referenceCache = createReferenceCache(REFERENCE_TTL_MS, Date.now, 256);
