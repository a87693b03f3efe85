import { afterEach, describe, expect, it, vi } from "vitest";
import { createReferenceCache } from "./reference-cache.server";

describe("createReferenceCache", () => {
  it("loads once per TTL, shares in-flight loads, and reloads after expiry", async () => {
    let now = 0;
    const cache = createReferenceCache(1_000, () => now);
    const load = vi.fn(async () => ["genre"]);
    await Promise.all([cache.get("k", load), cache.get("k", load)]);
    now = 999;
    await cache.get("k", load);
    expect(load).toHaveBeenCalledTimes(1);
    now = 1_001;
    await cache.get("k", load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("drops the oldest entry beyond its bound", async () => {
    const cache = createReferenceCache(1_000, () => 0, 2);
    const load = vi.fn(async () => 1);
    for (const key of ["a", "b", "c", "a"]) await cache.get(key, load);
    expect(load).toHaveBeenCalledTimes(4);
    await cache.get("c", load);
    expect(load).toHaveBeenCalledTimes(4);
  });

  it("shows a loaded, fresh value without loading it", async () => {
    let time = 0;
    const cache = createReferenceCache(1_000, () => time);
    expect(cache.peek("k")).toBeUndefined();
    let finish!: (value: number) => void;
    const loading = cache.get("k", () => new Promise<number>((resolve) => (finish = resolve)));
    expect(cache.peek("k")).toBeUndefined();
    finish(7);
    await loading;
    expect(cache.peek("k")).toEqual({ value: 7 });
    time = 1_000;
    expect(cache.peek("k")).toBeUndefined();
  });

  it("forgets failures so the next request retries", async () => {
    const cache = createReferenceCache();
    await expect(cache.get("k", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.get("k", async () => 1)).toBe(1);
  });
});

describe("createReferenceCache's bounds", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("has a bound on entries even when none is given", async () => {
    let loads = 0;
    const cache = createReferenceCache(60_000, () => 0);
    for (let index = 0; index < 300; index += 1) await cache.get(`address-${index}`, async () => (loads += 1));
    await cache.get("address-0", async () => (loads += 1));
    expect(loads).toBe(301);
  });

  it("sweeps expired entries on a timer, without anyone asking for them", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    let time = 0;
    const cache = createReferenceCache(1_000, () => time, 10);
    await cache.get("k", async () => 1);
    await cache.get("j", async () => 2);
    expect(cache.size()).toBe(2);
    time = 1_000;
    vi.advanceTimersByTime(1_000);
    expect(cache.size()).toBe(0);
  });
});
