// One bounded in-memory map for every cache the server keeps (decision 0247): a cap on entries and on bytes
// (keys counted, since clients choose many of them), least recently used first out at either cap, and expired
// entries swept on a timer that never keeps the process alive, not only when someone asks for them again.

/** What one entry holds beyond its key and value: the Map's slot, the record, the recency links. */
export const ENTRY_OVERHEAD_BYTES = 96;

/** V8 keeps a string in one or two bytes per character; two is the bound whatever the text. */
export function stringBytes(text: string): number {
  return text.length * 2;
}

export type BoundedCacheOptions<Value> = {
  maxEntries: number;
  /** Keys, values and overhead together; Infinity when the entry count alone bounds them. */
  maxBytes?: number;
  /** The value's own bytes (the key's are counted already); 0 when the value is small and fixed. */
  valueBytes?: (value: Value) => number;
  /** How long an entry lives unless `set` says otherwise; Infinity: until it is pushed out. */
  ttlMs?: number;
  /** How often expired entries are swept; by default as often as they expire (at most every minute, at least every second). */
  sweepEveryMs?: number;
  now?: () => number;
};

type Slot<Value> = { value: Value; bytes: number; expiresAt: number };

export type BoundedCache<Value> = {
  /** The value, if present and fresh; it becomes the most recently used. */
  get(key: string): Value | undefined;
  /** The value, if present and fresh, without touching its recency. */
  peek(key: string): Value | undefined;
  /** Stores the value (false when it alone exceeds the byte cap), pushing out the least recently used beyond a cap. */
  set(key: string, value: Value, ttlMs?: number): boolean;
  delete(key: string): void;
  /** Removes every expired entry; returns how many went. */
  sweep(): number;
  clear(): void;
  size(): number;
  bytes(): number;
  /** Stops the sweep timer (tests, shutdown); the cache still works and sweeps when written to again. */
  stop(): void;
};

const MAX_SWEEP_INTERVAL_MS = 60_000;
const MIN_SWEEP_INTERVAL_MS = 1000;

export function createBoundedCache<Value>({
  maxEntries,
  maxBytes = Infinity,
  valueBytes = () => 0,
  ttlMs = Infinity,
  sweepEveryMs = Math.min(ttlMs, MAX_SWEEP_INTERVAL_MS),
  now = () => Date.now(),
}: BoundedCacheOptions<Value>): BoundedCache<Value> {
  // Map order is insertion order and reads re-insert: the first entries are the least recently used.
  const slots = new Map<string, Slot<Value>>();
  let storedBytes = 0;
  let sweeper: ReturnType<typeof setInterval> | undefined;

  function remove(key: string, slot: Slot<Value>) {
    slots.delete(key);
    storedBytes -= slot.bytes;
    if (slots.size === 0) stop();
  }

  function fresh(key: string): Slot<Value> | undefined {
    const slot = slots.get(key);
    if (!slot) return undefined;
    if (slot.expiresAt <= now()) {
      remove(key, slot);
      return undefined;
    }
    return slot;
  }

  function sweep(): number {
    const time = now();
    let removed = 0;
    for (const [key, slot] of slots) {
      if (slot.expiresAt > time) continue;
      remove(key, slot);
      removed += 1;
    }
    return removed;
  }

  function startSweeping() {
    if (sweeper || !Number.isFinite(sweepEveryMs)) return;
    sweeper = setInterval(sweep, Math.max(MIN_SWEEP_INTERVAL_MS, sweepEveryMs));
    sweeper.unref?.();
  }

  function stop() {
    if (sweeper) clearInterval(sweeper);
    sweeper = undefined;
  }

  return {
    get(key) {
      const slot = fresh(key);
      if (!slot) return undefined;
      slots.delete(key);
      slots.set(key, slot);
      return slot.value;
    },
    peek: (key) => fresh(key)?.value,
    set(key, value, entryTtlMs = ttlMs) {
      const previous = slots.get(key);
      if (previous) remove(key, previous);
      const bytes = stringBytes(key) + valueBytes(value) + ENTRY_OVERHEAD_BYTES;
      if (bytes > maxBytes || maxEntries <= 0) return false;
      slots.set(key, { value, bytes, expiresAt: now() + entryTtlMs });
      storedBytes += bytes;
      for (const [oldestKey, oldest] of slots) {
        if (storedBytes <= maxBytes && slots.size <= maxEntries) break;
        remove(oldestKey, oldest);
      }
      startSweeping();
      return true;
    },
    delete(key) {
      const slot = slots.get(key);
      if (slot) remove(key, slot);
    },
    sweep,
    clear() {
      slots.clear();
      storedBytes = 0;
      stop();
    },
    size: () => slots.size,
    bytes: () => storedBytes,
    stop,
  };
}
