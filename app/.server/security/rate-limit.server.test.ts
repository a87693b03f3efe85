import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ACCOUNT_LIMIT_TIERS, addressKey, clientAddress, clientKey, createAccountLimiter, createRateLimiter } from "./rate-limit.server";

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

describe("clientKey: the client as the rate limits count it", () => {
  it("groups an IPv6 client by its /64, however the address is written", () => {
    const network = "2001:db8:aa:bb::/64";
    for (const address of ["2001:db8:aa:bb::1", "2001:db8:aa:bb:ffff:1:2:3", "2001:0DB8:00aa:00bb:0:0:0:17", "2001:db8:aa:bb::5%eth0"])
      expect(addressKey(address), address).toBe(network);
    expect(addressKey("2001:db8:aa:bc::1")).toBe("2001:db8:aa:bc::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("64:ff9b::192.0.2.1")).toBe("64:ff9b:0:0::/64");
    expect(clientKey({ clientIp: "2001:db8:aa:bb:1:2:3:4" })).toBe(network);
  });

  it("keeps an IPv4 client as it is, also written as IPv6, and anything else as it came", () => {
    expect(addressKey("203.0.113.7")).toBe("203.0.113.7");
    expect(addressKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey({})).toBe("unknown");
  });
});

describe("createAccountLimiter", () => {
  const limiter = () => createAccountLimiter({ name: `account-test-${Math.random()}`, ...ACCOUNT_LIMIT_TIERS }, () => null);

  async function attempts(accounts: ReturnType<typeof limiter>, account: string, client: string, count: number) {
    const decisions = [];
    for (let index = 0; index < count; index += 1) decisions.push(await accounts.hit(account, client));
    return decisions;
  }

  it("backs off one client on one account: a minute after five tries, longer after ten and twenty", async () => {
    const accounts = limiter();
    const first = await attempts(accounts, "Victim@example.com", "198.51.100.1", 6);
    expect(first.slice(0, 5).every((decision) => decision.allowed)).toBe(true);
    expect(first[5]).toEqual({ allowed: false, retryAfterSeconds: 60 });
    vi.advanceTimersByTime(60_000);
    // The refused sixth try counted in the longer windows: four more, then ten minutes from the first.
    const second = await attempts(accounts, "victim@example.com", "198.51.100.1", 5);
    expect(second.slice(0, 4).every((decision) => decision.allowed)).toBe(true);
    expect(second[4]).toEqual({ allowed: false, retryAfterSeconds: 9 * 60 });
    vi.advanceTimersByTime(9 * 60_000);
    await attempts(accounts, "victim@example.com", "198.51.100.1", 5);
    vi.advanceTimersByTime(60_000);
    const third = await attempts(accounts, "victim@example.com", "198.51.100.1", 5);
    expect(third.at(-1)).toMatchObject({ allowed: false });
    expect((third.at(-1) as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(30 * 60);
    // The owner, elsewhere, is not held by that client's count.
    expect((await accounts.hit("victim@example.com", "192.0.2.50")).allowed).toBe(true);
  });

  it("refuses every client once the account's ceiling is spent, and a refused client spends none of it", async () => {
    const accounts = limiter();
    await attempts(accounts, "victim", "198.51.100.1", 40);
    const spread = [];
    for (let client = 2; client < 40; client += 1) spread.push(await accounts.hit("victim", `198.51.100.${client}`));
    expect(spread.filter((decision) => decision.allowed)).toHaveLength(ACCOUNT_LIMIT_TIERS.accountCeiling.limit - 5);
    expect(spread.at(-1)).toEqual({ allowed: false, retryAfterSeconds: 600 });
    expect((await accounts.hit("someone-else", "198.51.100.2")).allowed).toBe(true);
  });

  it("gives a successful attempt back: signing in often never locks the owner out", async () => {
    const accounts = limiter();
    for (let index = 0; index < 50; index += 1) {
      expect((await accounts.hit("demo", "192.0.2.1")).allowed).toBe(true);
      await accounts.refund("demo", "192.0.2.1");
    }
  });
});
