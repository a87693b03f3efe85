import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clientAddress, createRateLimiter } from "./rate-limit.server";

// The library reads Date.now and expires keys with timers: fake ones move both.
beforeEach(() => vi.useFakeTimers({ now: 0 }));
afterEach(() => vi.useRealTimers());

function limiterInMemory() {
  return createRateLimiter({ name: "test", limit: 10, windowMs: 60_000, maxKeys: 100 }, () => null);
}

async function hits(limiter: ReturnType<typeof limiterInMemory>, key: string, count: number) {
  const decisions = [];
  for (let index = 0; index < count; index += 1) decisions.push(await limiter.hit(key));
  return decisions;
}

describe("createRateLimiter in process memory", () => {
  it("lets ten requests a minute through and refuses the eleventh", async () => {
    const decisions = await hits(limiterInMemory(), "203.0.113.7", 11);
    expect(decisions.slice(0, 10).every((decision) => decision.allowed)).toBe(true);
    expect(decisions[9]).toEqual({ allowed: true, remaining: 0 });
    expect(decisions[10]).toEqual({ allowed: false, retryAfterSeconds: 60 });
  });

  it("counts in fixed windows: Retry-After is the time left in the window, and then all ten slots are free", async () => {
    const limiter = limiterInMemory();
    for (let index = 0; index < 10; index += 1) {
      await limiter.hit("a");
      vi.advanceTimersByTime(1_000);
    }
    // The window opened at 0 s; at 10 s it still holds all ten.
    expect(await limiter.hit("a")).toEqual({ allowed: false, retryAfterSeconds: 50 });
    vi.advanceTimersByTime(50_000);
    const next = await hits(limiter, "a", 11);
    expect(next.slice(0, 10).every((decision) => decision.allowed)).toBe(true);
    expect(next[10]?.allowed).toBe(false);
  });

  it("refused requests do not extend the block", async () => {
    const limiter = limiterInMemory();
    await hits(limiter, "a", 10);
    for (let index = 0; index < 30; index += 1) {
      vi.advanceTimersByTime(1_000);
      await limiter.hit("a");
    }
    vi.advanceTimersByTime(30_001);
    expect((await limiter.hit("a")).allowed).toBe(true);
  });

  it("keeps clients apart", async () => {
    const limiter = limiterInMemory();
    await hits(limiter, "a", 10);
    expect((await limiter.hit("a")).allowed).toBe(false);
    expect((await limiter.hit("b")).allowed).toBe(true);
  });

  it("keeps rules apart", async () => {
    const first = limiterInMemory();
    const second = createRateLimiter({ name: "other", limit: 1, windowMs: 60_000, maxKeys: 100 }, () => null);
    await hits(first, "a", 10);
    expect((await second.hit("a")).allowed).toBe(true);
    expect((await second.hit("a")).allowed).toBe(false);
  });

  it("never tracks more keys than its cap, however many addresses hit it", async () => {
    const limiter = limiterInMemory();
    for (let index = 0; index < 5_000; index += 1) {
      await limiter.hit(`198.51.100.${index}`);
      vi.advanceTimersByTime(5);
    }
    expect(limiter.size()).toBeLessThanOrEqual(100);
    expect(limiter.size()).toBeGreaterThan(0);
  });

  it("keeps a long key as its hash, so a key costs the same whatever the caller made it", async () => {
    const limiter = limiterInMemory();
    for (let index = 0; index < 50; index += 1) await limiter.hit(`${index}-${"k".repeat(10_000)}`);
    await hits(limiter, `0-${"k".repeat(10_000)}`, 9);
    expect((await limiter.hit(`0-${"k".repeat(10_000)}`)).allowed).toBe(false);
    expect((await limiter.hit(`1-${"k".repeat(10_000)}`)).allowed).toBe(true);
    expect(limiter.bytes()).toBeLessThan(50 * 1024);
  });

  it("forgets windows once they end", async () => {
    const limiter = limiterInMemory();
    for (let index = 0; index < 20; index += 1) await limiter.hit(`old-${index}`);
    vi.advanceTimersByTime(61_000);
    for (let index = 0; index < 10; index += 1) await limiter.hit(`new-${index}`);
    expect(limiter.size()).toBe(10);
  });
});

describe("clientAddress", () => {
  it("prefers the address the server saw", () => {
    expect(clientAddress({ clientIp: "192.0.2.1" })).toBe("192.0.2.1");
  });

  it("never reads X-Forwarded-For itself: without the server's word every client shares one key", () => {
    expect(clientAddress({})).toBe("unknown");
    expect(clientAddress(undefined)).toBe("unknown");
  });
});
