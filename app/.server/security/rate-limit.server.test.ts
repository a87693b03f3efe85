import { describe, expect, it } from "vitest";
import { clientAddress, createRateLimiter } from "./rate-limit.server";

function limiterAt(start = 0) {
  let clock = start;
  const limiter = createRateLimiter({ limit: 10, windowMs: 60_000, maxKeys: 100, now: () => clock });
  return { limiter, advance: (ms: number) => (clock += ms) };
}

describe("createRateLimiter", () => {
  it("lets ten requests a minute through and refuses the eleventh", () => {
    const { limiter } = limiterAt();
    const decisions = Array.from({ length: 11 }, () => limiter.hit("203.0.113.7"));
    expect(decisions.slice(0, 10).every((decision) => decision.allowed)).toBe(true);
    expect(decisions[10]).toEqual({ allowed: false, retryAfterSeconds: 60 });
  });

  it("slides: a slot frees exactly when the oldest request leaves the window", () => {
    const { limiter, advance } = limiterAt();
    for (let index = 0; index < 10; index += 1) {
      limiter.hit("a");
      advance(1_000);
    }
    // The first request was at 0 s; at 10 s the window still holds all ten.
    expect(limiter.hit("a")).toEqual({ allowed: false, retryAfterSeconds: 50 });
    advance(50_000);
    expect(limiter.hit("a").allowed).toBe(true);
    expect(limiter.hit("a").allowed).toBe(false);
  });

  it("refused requests do not extend the block", () => {
    const { limiter, advance } = limiterAt();
    for (let index = 0; index < 10; index += 1) limiter.hit("a");
    for (let index = 0; index < 30; index += 1) {
      advance(1_000);
      limiter.hit("a");
    }
    advance(30_001);
    expect(limiter.hit("a").allowed).toBe(true);
  });

  it("keeps clients apart", () => {
    const { limiter } = limiterAt();
    for (let index = 0; index < 10; index += 1) limiter.hit("a");
    expect(limiter.hit("a").allowed).toBe(false);
    expect(limiter.hit("b").allowed).toBe(true);
  });

  it("never tracks more keys than its cap, however many addresses hit it", () => {
    const { limiter, advance } = limiterAt();
    for (let index = 0; index < 5_000; index += 1) {
      limiter.hit(`198.51.100.${index}`);
      advance(5);
    }
    expect(limiter.size()).toBeLessThanOrEqual(100);
  });

  it("forgets expired windows as new requests arrive", () => {
    const { limiter, advance } = limiterAt();
    for (let index = 0; index < 20; index += 1) limiter.hit(`old-${index}`);
    advance(61_000);
    for (let index = 0; index < 10; index += 1) limiter.hit(`new-${index}`);
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
