// Per-client request limits kept in process memory: a sliding window of timestamps per key, with a cap on
// the number of keys so a flood of addresses cannot grow the map without bound.
export type RateLimitDecision = { allowed: true; remaining: number } | { allowed: false; retryAfterSeconds: number };

export type RateLimiter = {
  /** Records one request of `key` (when allowed) and says whether it may proceed. */
  hit(key: string): RateLimitDecision;
  /** Number of keys currently tracked (for tests and metrics). */
  size(): number;
  clear(): void;
};

export type RateLimiterOptions = { limit: number; windowMs: number; maxKeys: number; now?: () => number };

export function createRateLimiter({ limit, windowMs, maxKeys, now = Date.now }: RateLimiterOptions): RateLimiter {
  // Map order is least recently hit first: every hit re-inserts its key at the end.
  const windows = new Map<string, number[]>();

  function recentOf(key: string, at: number): number[] {
    const stamps = windows.get(key);
    if (!stamps) return [];
    let first = 0;
    while (first < stamps.length && (stamps[first] as number) <= at - windowMs) first += 1;
    return first === 0 ? stamps : stamps.slice(first);
  }

  /** Forgets cold windows that have expired (a few per hit), then the least recently hit one if still full. */
  function prune(at: number): void {
    let checked = 0;
    for (const [key, stamps] of windows) {
      if (checked++ >= 4) break;
      if ((stamps[stamps.length - 1] ?? 0) > at - windowMs) break;
      windows.delete(key);
    }
    if (windows.size >= maxKeys) {
      const coldest = windows.keys().next();
      if (!coldest.done) windows.delete(coldest.value);
    }
  }

  return {
    hit(key) {
      const at = now();
      const recent = recentOf(key, at);
      windows.delete(key);
      if (recent.length >= limit) {
        windows.set(key, recent);
        const oldest = recent[0] as number;
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowMs - at) / 1000)) };
      }
      prune(at);
      recent.push(at);
      windows.set(key, recent);
      return { allowed: true, remaining: limit - recent.length };
    },
    size: () => windows.size,
    clear: () => windows.clear(),
  };
}

/** Issue 7: at most ten sign-in, registration and recovery submissions a minute per client. */
export const AUTH_RATE_LIMIT = { limit: 10, windowMs: 60_000, maxKeys: 50_000 } as const;

export const authRateLimiter = createRateLimiter(AUTH_RATE_LIMIT);

export const rateLimitedMessage = "Слишком много попыток. Подождите минуту и попробуйте снова.";

/**
 * The client's address: the one the server passes as `context.clientIp` (the socket's, or the one the trusted
 * proxies recorded, read from the right of X-Forwarded-For as TRUST_PROXY says). The header itself is never
 * read here: its left-most entries are whatever the client chose to send (decision 0105).
 */
export function clientAddress(loadContext: unknown): string {
  const fromServer = (loadContext as { clientIp?: unknown } | null | undefined)?.clientIp;
  return typeof fromServer === "string" && fromServer ? fromServer : "unknown";
}
