// The rate limits against a real redis-server (decision 0180): two limiters with their own connections stand for
// two workers or replicas and share one count; with Redis gone or hung, every request is still answered, and
// counted in each process's memory — limited per process, never unlimited, never an error.
import type { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { closeRedis, createRedisConnection } from "~/.server/redis.server";
import { ACCOUNT_LIMIT_TIERS, createAccountLimiter, createRateLimiter, type RateLimiter } from "~/.server/security/rate-limit.server";
import { freePort, REDIS_SERVER, startRedis } from "../support/real-servers";

type RunningRedis = Awaited<ReturnType<typeof startRedis>>;

let redis: RunningRedis | undefined;
const connections: Redis[] = [];
let ruleNumber = 0;

beforeAll(async () => {
  if (REDIS_SERVER) redis = await startRedis(await freePort());
}, 30_000);

afterEach(async () => {
  await Promise.all(connections.splice(0).map(closeRedis));
});

afterAll(async () => {
  await redis?.stop();
});

/** Two processes' limiters of one rule (a fresh rule each test, so tests share no counts). */
function twoReplicas(): [RateLimiter, RateLimiter] {
  ruleNumber += 1;
  const rule = { name: `test-${ruleNumber}`, limit: 10, windowMs: 60_000, maxKeys: 100 };
  return [0, 1].map(() => {
    const connection = createRedisConnection(redis!.url);
    connections.push(connection);
    return createRateLimiter(rule, () => connection);
  }) as [RateLimiter, RateLimiter];
}

/** Until every connection is up (the limiter does not wait: before then it counts in memory). */
async function connected(): Promise<void> {
  await Promise.all(
    connections.map((connection) => (connection.status === "ready" ? null : new Promise((resolve) => connection.once("ready", resolve)))),
  );
}

async function allowedOf(limiter: RateLimiter, key: string, count: number): Promise<boolean[]> {
  const allowed: boolean[] = [];
  for (let index = 0; index < count; index += 1) allowed.push((await limiter.hit(key)).allowed);
  return allowed;
}

describe.skipIf(!REDIS_SERVER)("rate limits in Redis", () => {
  it("hold across processes: five attempts on each of two replicas, and the eleventh anywhere is refused", async () => {
    const [first, second] = twoReplicas();
    await connected();
    expect(await allowedOf(first, "203.0.113.7", 5)).toEqual(Array(5).fill(true));
    expect(await allowedOf(second, "203.0.113.7", 5)).toEqual(Array(5).fill(true));
    const refused = await first.hit("203.0.113.7");
    expect(refused.allowed).toBe(false);
    expect(refused.allowed === false && refused.retryAfterSeconds).toBeGreaterThanOrEqual(59);
    expect((await second.hit("203.0.113.7")).allowed).toBe(false);
    // Another client on either replica still has its own ten; nothing was counted in the processes' memory.
    expect((await second.hit("203.0.113.8")).allowed).toBe(true);
    expect(first.size() + second.size()).toBe(0);
  });

  it("count attempts on one account across processes, and give a success back there too (decision 0281)", async () => {
    ruleNumber += 1;
    const [first, second] = [0, 1].map(() => {
      const connection = createRedisConnection(redis!.url);
      connections.push(connection);
      return createAccountLimiter({ name: `account-test-${ruleNumber}`, ...ACCOUNT_LIMIT_TIERS }, () => connection);
    }) as [ReturnType<typeof createAccountLimiter>, ReturnType<typeof createAccountLimiter>];
    await connected();
    await first.hit("victim", "2001:db8::/64");
    await first.refund("victim", "2001:db8::/64");
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await first.hit("victim", "2001:db8::/64")).allowed).toBe(true);
    for (let attempt = 0; attempt < 2; attempt += 1) expect((await second.hit("victim", "2001:db8::/64")).allowed).toBe(true);
    expect(await second.hit("Victim", "2001:db8::/64")).toMatchObject({ allowed: false });
  });

  it("fall back to each process's memory while Redis is hung: answered after the command timeout, still counted", async () => {
    const [first] = twoReplicas();
    await connected();
    redis!.child.kill("SIGSTOP");
    try {
      expect(await allowedOf(first, "198.51.100.1", 2)).toEqual([true, true]);
      expect(first.size()).toBe(1);
    } finally {
      redis!.child.kill("SIGCONT");
    }
  });

  it("fall back to each process's memory once Redis is gone: every request answered, ten per process, then refused", async () => {
    const [first, second] = twoReplicas();
    await connected();
    const gone = Promise.all(connections.map((connection) => new Promise((resolve) => connection.once("close", resolve))));
    await redis!.stop();
    await gone;
    const firstAnswers = await allowedOf(first, "192.0.2.1", 11);
    expect(firstAnswers).toEqual([...Array(10).fill(true), false]);
    const secondAnswers = await allowedOf(second, "192.0.2.1", 11);
    expect(secondAnswers).toEqual([...Array(10).fill(true), false]);
    const refused = await first.hit("192.0.2.1");
    expect(refused.allowed === false && refused.retryAfterSeconds).toBeGreaterThan(0);
  });
});
