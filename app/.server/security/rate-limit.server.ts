// Per-client request limits on rate-limiter-flexible (decision 0180): fixed windows counted in Redis when
// REDIS_URL is set, so the limit holds across workers and replicas, and in process memory otherwise — or
// while Redis is unreachable, so a limit is never lifted and a request never waits on Redis.
import { createHash } from "node:crypto";
import type { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type IRateLimiterOptions } from "rate-limiter-flexible";
import { stringBytes } from "../bounded-cache";
import { getEnv } from "../env.server";
import { sharedRedis } from "../redis.server";

export type RateLimitDecision = { allowed: true; remaining: number } | { allowed: false; retryAfterSeconds: number };

export type RateLimiter = {
  /** Counts one request of `key` and says whether it may proceed. */
  hit(key: string): Promise<RateLimitDecision>;
  /** Keys this process tracks in memory (for tests and metrics). */
  size(): number;
  /** About what they take: their text and, for each, a record and a timer (measured at about 500 bytes). */
  bytes(): number;
  /** Forgets what this process counted in memory (for tests). */
  clear(): void;
};

/**
 * `name` keeps the limits apart in a shared store; at most `limit` requests per key in each window. `maxKeys` bounds
 * the memory store: each key costs about half a kilobyte there (its record and its window's timer, measured), and
 * keys are at most MAX_KEY_CHARS long (decision 0247).
 */
export type RateLimitRule = { name: string; limit: number; windowMs: number; maxKeys: number };

/** An address is at most 45 characters; a longer key (a caller's own choice of key) is kept as its hash. */
export const MAX_KEY_CHARS = 64;
const RECORD_BYTES = 512;

function boundedKey(key: string): string {
  return key.length <= MAX_KEY_CHARS ? key : `sha256:${createHash("sha256").update(key).digest("base64url")}`;
}

type MemoryRecords = { _storage: Map<string, unknown>; delete(key: string): boolean };
type MemoryStoreInternals = { _memoryStorage?: Partial<MemoryRecords> };

/**
 * The library's memory store keeps every key until its window ends: a flood of addresses (an IPv6 block has
 * plenty) would grow it without bound. This one forgets the oldest keys beyond `maxKeys`. It reaches into the
 * store's Map, which the library does not export: the check below stops the start if an upgrade moves it.
 */
class BoundedMemoryLimiter extends RateLimiterMemory {
  private readonly records: MemoryRecords;

  constructor(
    options: IRateLimiterOptions,
    private readonly maxKeys: number,
  ) {
    super(options);
    const records = (this as unknown as MemoryStoreInternals)._memoryStorage;
    if (!(records?._storage instanceof Map))
      throw new Error("rate-limiter-flexible's memory store is no longer a Map: update BoundedMemoryLimiter");
    this.records = records as MemoryRecords;
  }

  size(): number {
    return this.records._storage.size;
  }

  bytes(): number {
    let bytes = 0;
    for (const key of this.records._storage.keys()) bytes += stringBytes(key) + RECORD_BYTES;
    return bytes;
  }

  clear(): void {
    for (const key of [...this.records._storage.keys()]) this.records.delete(key);
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the library's own signature
  override consume(key: string | number, pointsToConsume?: number, options?: { [key: string]: any }): Promise<RateLimiterRes> {
    const stored = this.records._storage;
    if (!stored.has(this.getKey(key))) {
      // Map order is insertion order: the first keys opened the oldest windows.
      for (const oldest of stored.keys()) {
        if (stored.size < this.maxKeys) break;
        this.records.delete(oldest);
      }
    }
    return super.consume(key, pointsToConsume, options);
  }
}

/**
 * A limiter for one rule. The store is chosen at the first request (the environment is read then): Redis when
 * `redisOf` gives a connection, with this process's memory as the fallback while Redis fails; memory alone otherwise.
 */
export function createRateLimiter(rule: RateLimitRule, redisOf: () => Redis | null = sharedRedis): RateLimiter {
  const options: IRateLimiterOptions = {
    keyPrefix: `rate-limit:${rule.name}`,
    points: rule.limit,
    duration: rule.windowMs / 1000,
  };
  const memory = new BoundedMemoryLimiter(options, rule.maxKeys);
  let store: RateLimiterMemory | RateLimiterRedis | undefined;

  function storeOf(): RateLimiterMemory | RateLimiterRedis {
    if (store) return store;
    const redis = redisOf();
    // rejectIfRedisNotReady: while disconnected, straight to memory instead of failing each command first. The keys
    // carry the deployment's prefix (decision 0279).
    const keyPrefix = `${getEnv().REDIS_PREFIX}${options.keyPrefix}`;
    store = redis
      ? new RateLimiterRedis({ ...options, keyPrefix, storeClient: redis, rejectIfRedisNotReady: true, insuranceLimiter: memory })
      : memory;
    return store;
  }

  return {
    async hit(key) {
      try {
        const counted = await storeOf().consume(boundedKey(key));
        return { allowed: true, remaining: counted.remainingPoints };
      } catch (refusal) {
        // With the memory fallback in place, a refusal is the only thing consume rejects with.
        if (!(refusal instanceof RateLimiterRes)) throw refusal;
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)) };
      }
    },
    size: () => memory.size(),
    bytes: () => memory.bytes(),
    clear: () => memory.clear(),
  };
}

/** Decision 0043: at most ten sign-in, registration and recovery submissions a minute per client; about 5 MB of memory at most. */
export const AUTH_RATE_LIMIT = { name: "auth", limit: 10, windowMs: 60_000, maxKeys: 10_000 } as const;

export const authRateLimiter = createRateLimiter(AUTH_RATE_LIMIT);

/**
 * Device-code requests and social-login starts, which anyone may make and each of which stores a pending
 * row upstream: twenty a minute per client. A TV asks once per code (five minutes), a visitor starts a sign-in a
 * few times at most; a flood is refused before it reaches the upstream (decision 0250).
 */
export const SIGN_IN_START_RATE_LIMIT = { name: "sign-in-start", limit: 20, windowMs: 60_000, maxKeys: 50_000 } as const;

export const signInStartRateLimiter = createRateLimiter(SIGN_IN_START_RATE_LIMIT);

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
