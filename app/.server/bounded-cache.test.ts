import { afterEach, describe, expect, it, vi } from "vitest";
import { createBoundedCache, ENTRY_OVERHEAD_BYTES } from "./bounded-cache";

afterEach(() => {
  vi.useRealTimers();
});

describe("createBoundedCache", () => {
  it("keeps at most maxEntries, the least recently used going first", () => {
    const cache = createBoundedCache<number>({ maxEntries: 2 });
    cache.set("a", 1);
    cache.set("b", 2);
    expect(cache.get("a")).toBe(1);
    cache.set("c", 3);
    expect(cache.peek("b")).toBeUndefined();
    expect(cache.peek("a")).toBe(1);
    expect(cache.size()).toBe(2);
  });

  it("counts the key's bytes with the value's, and refuses an entry larger than the whole cap", () => {
    const cache = createBoundedCache<string>({ maxEntries: 100, maxBytes: 10_000, valueBytes: (value) => value.length });
    cache.set("k".repeat(1000), "v");
    expect(cache.bytes()).toBe(2000 + 1 + ENTRY_OVERHEAD_BYTES);
    for (let index = 0; index < 20; index += 1) cache.set(`${index}`.padEnd(1000, "k"), "v");
    expect(cache.bytes()).toBeLessThanOrEqual(10_000);
    expect(cache.size()).toBe(4);
    expect(cache.set("huge", "v".repeat(20_000))).toBe(false);
    expect(cache.peek("huge")).toBeUndefined();
  });

  it("forgets an entry once its time is up, on reading and on its own timer", () => {
    vi.useFakeTimers();
    let time = 0;
    const cache = createBoundedCache<number>({ maxEntries: 10, ttlMs: 1000, now: () => time });
    cache.set("a", 1);
    cache.set("b", 2, 5000);
    time = 1000;
    expect(cache.get("a")).toBeUndefined();
    cache.set("c", 3);
    time = 2000;
    vi.advanceTimersByTime(1000);
    expect(cache.size()).toBe(1);
    expect(cache.peek("b")).toBe(2);
    time = 5000;
    vi.advanceTimersByTime(3000);
    expect(cache.size()).toBe(0);
    expect(cache.bytes()).toBe(0);
    // Nothing left to sweep: no timer left either.
    expect(vi.getTimerCount()).toBe(0);
  });

  it("never keeps the process alive for its sweep", () => {
    const unref = vi.fn();
    const setInterval = vi
      .spyOn(globalThis, "setInterval")
      .mockReturnValue({ unref } as unknown as ReturnType<typeof globalThis.setInterval>);
    const cache = createBoundedCache<number>({ maxEntries: 10, ttlMs: 1000 });
    cache.set("a", 1);
    expect(setInterval).toHaveBeenCalledTimes(1);
    expect(unref).toHaveBeenCalled();
    setInterval.mockRestore();
  });
});
