// Per-client request limits on rate-limiter-flexible (decision 0180): fixed windows counted in Redis when
// REDIS_URL is set, so the limit holds across workers and replicas, and in process memory otherwise — or
// while Redis is unreachable, so a limit is never lifted and a request never waits on Redis.
import { createHash } from "node:crypto";
import { isIPv6 } from "node:net";
import type { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type IRateLimiterOptions } from "rate-limiter-flexible";
import { stringBytes } from "../bounded-cache";
import { getEnv } from "../env.server";
import { sharedRedis } from "../redis.server";

export type RateLimitDecision = { allowed: true; remaining: number } | { allowed: false; retryAfterSeconds: number };

export type RateLimiter = {
  /** Counts one request of `key` and says whether it may proceed. */
  hit(key: string): Promise<RateLimitDecision>;
  /** Gives back one request of `key` counted in its window (an attempt that turned out to be no guess). */
  refund(key: string): Promise<void>;
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
    async refund(key) {
      // A refund that fails (Redis gone meanwhile) leaves the attempt counted: the safe side.
      await storeOf()
        .reward(boundedKey(key), 1)
        .catch(() => undefined);
    },
    size: () => memory.size(),
    bytes: () => memory.bytes(),
    clear: () => memory.clear(),
  };
}

/**
 * Attempts aimed at one account (a sign-in name, an e-mail, a signed-in user) with a secret being guessed. Each pair
 * of account and client is counted in windows that lengthen as its count grows (the first tier refuses after a few
 * tries for a minute, the next for longer): a backoff that costs the real owner, on their own address, nothing of
 * what a guesser elsewhere spent. Every client together meets a slower ceiling per account, the bound on a guesser
 * with many addresses, whose refusal lasts one short window (decision 0281).
 */
export type AccountLimitRules = {
  name: string;
  /** Per account and client, shortest window first. */
  pairTiers: readonly Omit<RateLimitRule, "name">[];
  /** Per account, from every client. */
  accountCeiling: Omit<RateLimitRule, "name">;
};

export type AccountLimiter = {
  /**
   * Counts one attempt on `account` from `client` (a `clientKey`) in the pair's windows and, when they allow it, in
   * the account's ceiling; refused when any of them is full.
   */
  hit(account: string, client: string): Promise<RateLimitDecision>;
  /** Gives the attempt back: it succeeded, so it guessed nothing (counting happens first, so parallel tries cannot race past). */
  refund(account: string, client: string): Promise<void>;
  /** Forgets what this process counted in memory (for tests). */
  clear(): void;
};

export function createAccountLimiter(rules: AccountLimitRules, redisOf: () => Redis | null = sharedRedis): AccountLimiter {
  const pairLimiters = rules.pairTiers.map((tier, index) => createRateLimiter({ ...tier, name: `${rules.name}-pair-${index}` }, redisOf));
  const accountLimiter = createRateLimiter({ ...rules.accountCeiling, name: `${rules.name}-account` }, redisOf);
  const keysOf = (account: string, client: string) => {
    const normalized = account.trim().toLowerCase();
    return { pair: `${normalized}\n${client}`, account: normalized };
  };
  return {
    async hit(account, client) {
      const keys = keysOf(account, client);
      // A refused pair's attempts still fill its longer windows (so hammering lengthens its wait) but never the
      // account's ceiling: one client alone cannot spend everyone's attempts on the account.
      const pairDecisions = await Promise.all(pairLimiters.map((limiter) => limiter.hit(keys.pair)));
      const waits = pairDecisions.flatMap((decision) => (decision.allowed ? [] : [decision.retryAfterSeconds]));
      if (waits.length > 0) return { allowed: false, retryAfterSeconds: Math.max(...waits) };
      return accountLimiter.hit(keys.account);
    },
    async refund(account, client) {
      const keys = keysOf(account, client);
      await Promise.all([...pairLimiters.map((limiter) => limiter.refund(keys.pair)), accountLimiter.refund(keys.account)]);
    },
    clear() {
      for (const limiter of [...pairLimiters, accountLimiter]) limiter.clear();
    },
  };
}

/**
 * Sign-in, registration, password recovery and device linking, per account (decision 0281): per account and client
 * 5 a minute, 10 in ten minutes, 20 an hour; per account from everyone 30 in ten minutes. In memory, 10,000 keys
 * each, about 5 MB a window as for the other limits (decision 0247).
 */
export const ACCOUNT_LIMIT_TIERS = {
  pairTiers: [
    { limit: 5, windowMs: 60_000, maxKeys: 10_000 },
    { limit: 10, windowMs: 10 * 60_000, maxKeys: 10_000 },
    { limit: 20, windowMs: 60 * 60_000, maxKeys: 10_000 },
  ],
  accountCeiling: { limit: 30, windowMs: 10 * 60_000, maxKeys: 10_000 },
} as const satisfies Omit<AccountLimitRules, "name">;

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

const IPV4_MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** The eight groups of an IPv6 address, `::` filled in (an embedded IPv4 tail counts as two groups). */
function ipv6Groups(address: string): string[] {
  const [head = "", tail] = address.split("::");
  const groupsOf = (part: string) =>
    part === ""
      ? []
      : part.split(":").flatMap((group) => {
          if (!group.includes(".")) return [group];
          const [a = 0, b = 0, c = 0, d = 0] = group.split(".").map(Number);
          return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
        });
  const first = groupsOf(head);
  const last = tail === undefined ? [] : groupsOf(tail);
  return [...first, ...Array<string>(Math.max(0, 8 - first.length - last.length)).fill("0"), ...last];
}

/**
 * An address as the rate limits count it: IPv4 as it is; IPv6 by its /64, the network one subscriber is given, whose
 * 2^64 addresses would otherwise be as many budgets (decision 0281); an IPv4 address written as IPv6 as IPv4.
 */
export function addressKey(address: string): string {
  const withoutZone = address.split("%")[0] ?? address;
  const mapped = IPV4_MAPPED.exec(withoutZone);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(withoutZone)) return address;
  const network = ipv6Groups(withoutZone.toLowerCase())
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16));
  return `${network.join(":")}::/64`;
}

/** The key of the client in every rate limit: its address (`clientAddress`), an IPv6 one by its /64. */
export function clientKey(loadContext: unknown): string {
  return addressKey(clientAddress(loadContext));
}
