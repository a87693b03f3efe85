import { describe, expect, it } from "vitest";
import { HostBreaker, HostPool, hostPoolFor, type BreakerSettings } from "./upstream-hosts";

const SETTINGS: BreakerSettings = { consecutiveFailures: 3, serverErrorBurst: 5, serverErrorWindowMs: 10_000, coolDownMs: 5_000 };

function fakeClock(start = Date.UTC(2026, 0, 1)) {
  let now = start;
  return { now: () => now, advance: (ms: number) => void (now += ms) };
}

const refused = { kind: "failed", reason: "connect ECONNREFUSED" } as const;
const ok = { kind: "answered", status: 200 } as const;
const serverError = { kind: "answered", status: 503 } as const;

describe("HostBreaker", () => {
  it("stays up below the failure threshold and forgets failures after an answer", () => {
    const breaker = new HostBreaker("https://a", SETTINGS, fakeClock().now);
    breaker.record(refused);
    breaker.record(refused);
    breaker.record(ok);
    breaker.record(refused);
    breaker.record(refused);
    expect(breaker.report().state).toBe("up");
  });

  it("goes down after consecutive connection failures, naming the last error and when", () => {
    const clock = fakeClock();
    const breaker = new HostBreaker("https://a", SETTINGS, clock.now);
    for (let index = 0; index < 3; index += 1) breaker.record(refused);
    expect(breaker.report()).toEqual({
      url: "https://a",
      state: "down",
      lastError: "connect ECONNREFUSED",
      downSince: new Date(clock.now()).toISOString(),
    });
    expect(breaker.isUp()).toBe(false);
  });

  it("keeps only the start of a long error, whatever the upstream put in it", () => {
    const breaker = new HostBreaker("https://a", SETTINGS, fakeClock().now);
    breaker.record({ kind: "failed", reason: `bad answer: ${"x".repeat(100_000)}` });
    expect(breaker.report().lastError).toHaveLength(200);
    // Its 5xx times are bounded by the burst that takes it down.
    for (let index = 0; index < 1000; index += 1) breaker.record(serverError);
    expect(breaker.report().lastError).toBe("HTTP 503");
  });

  it("goes down on a burst of 5xx within the window, not on the same number spread out", () => {
    const clock = fakeClock();
    const spread = new HostBreaker("https://a", SETTINGS, clock.now);
    for (let index = 0; index < 5; index += 1) {
      spread.record(serverError);
      clock.advance(3_000);
    }
    expect(spread.report().state).toBe("up");
    const burst = new HostBreaker("https://b", SETTINGS, clock.now);
    for (let index = 0; index < 5; index += 1) burst.record(serverError);
    expect(burst.report()).toMatchObject({ state: "down", lastError: "HTTP 503" });
  });

  it("lets one probe through after the cool-down; its success brings the host back", () => {
    const clock = fakeClock();
    const breaker = new HostBreaker("https://a", SETTINGS, clock.now);
    for (let index = 0; index < 3; index += 1) breaker.record(refused);
    clock.advance(4_999);
    expect(breaker.tryStartProbe()).toBe(false);
    clock.advance(1);
    expect(breaker.tryStartProbe()).toBe(true);
    expect(breaker.report().state).toBe("probing");
    expect(breaker.tryStartProbe()).toBe(false);
    breaker.record(ok);
    expect(breaker.report()).toMatchObject({ state: "up", downSince: null });
  });

  it("a failed probe takes the host down for another cool-down, keeping when it first went down", () => {
    const clock = fakeClock();
    const breaker = new HostBreaker("https://a", SETTINGS, clock.now);
    for (let index = 0; index < 3; index += 1) breaker.record(refused);
    const firstDown = breaker.report().downSince;
    clock.advance(5_000);
    expect(breaker.tryStartProbe()).toBe(true);
    breaker.record({ kind: "failed", reason: "timeout" });
    expect(breaker.report()).toMatchObject({ state: "down", lastError: "timeout", downSince: firstDown });
    clock.advance(4_000);
    expect(breaker.tryStartProbe()).toBe(false);
    clock.advance(1_000);
    expect(breaker.tryStartProbe()).toBe(true);
    breaker.record(serverError);
    expect(breaker.report().state).toBe("down");
  });

  it("a cancelled probe gives the slot back without a verdict", () => {
    const clock = fakeClock();
    const breaker = new HostBreaker("https://a", SETTINGS, clock.now);
    for (let index = 0; index < 3; index += 1) breaker.record(refused);
    clock.advance(5_000);
    expect(breaker.tryStartProbe()).toBe(true);
    breaker.record({ kind: "cancelled" });
    expect(breaker.report().state).toBe("down");
    expect(breaker.tryStartProbe()).toBe(true);
  });
});

describe("HostPool", () => {
  function downPool() {
    const clock = fakeClock();
    const pool = new HostPool(["https://a", "https://b", "https://c"], SETTINGS, clock.now);
    const [a, b, c] = pool.hosts as [HostBreaker, HostBreaker, HostBreaker];
    for (let index = 0; index < 3; index += 1) a.record(refused);
    return { pool, clock, a, b, c };
  }

  it("prefers the first host that is up, in the configured order", () => {
    const { pool, b, c } = downPool();
    expect(pool.pick({ tried: [], mayProbe: true })).toBe(b);
    expect(pool.pick({ tried: [b], mayProbe: true })).toBe(c);
  });

  it("sends the probe of a recovered-looking host with an idempotent request only", () => {
    const { pool, clock, a, b } = downPool();
    clock.advance(5_000);
    expect(pool.pick({ tried: [], mayProbe: false })).toBe(b);
    expect(pool.pick({ tried: [], mayProbe: true })).toBe(a);
    expect(a.report().state).toBe("probing");
    // The probe is out: the next request does not wait for it.
    expect(pool.pick({ tried: [], mayProbe: true })).toBe(b);
  });

  it("tries the first host when every host is down, and the last tried again when the usable ones are used up", () => {
    const { pool, a, b, c } = downPool();
    for (const host of [b, c]) for (let index = 0; index < 3; index += 1) host.record(refused);
    expect(pool.pick({ tried: [], mayProbe: true })).toBe(a);
    const single = new HostPool(["https://only"], SETTINGS);
    const only = single.hosts[0]!;
    expect(single.pick({ tried: [only], mayProbe: true })).toBe(only);
  });

  it("is one per process and host list, so breakers remember between requests", () => {
    expect(hostPoolFor(["https://a/api/v1", "https://b/api/v1"])).toBe(hostPoolFor(["https://a/api/v1", "https://b/api/v1"]));
    expect(hostPoolFor(["https://a/api/v1"])).not.toBe(hostPoolFor(["https://b/api/v1"]));
  });
});
