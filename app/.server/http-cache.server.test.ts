import { describe, expect, it, vi } from "vitest";
import { createReferenceCache, noStoreHeaders, pageCacheHeaders, parentHeadersWithRetryAfter } from "./http-cache.server";
import { commitSessionToken } from "./session.server";

describe("pageCacheHeaders", () => {
  it("lets a CDN cache visitors' pages briefly and keeps signed-in pages private", () => {
    expect(pageCacheHeaders(new Request("http://localhost/"))).toEqual({
      "Cache-Control": "public, max-age=0, s-maxage=60, stale-while-revalidate=600",
      Vary: "Cookie",
    });
    const member = new Request("http://localhost/", { headers: { Cookie: commitSessionToken("t").split(";")[0]! } });
    expect(pageCacheHeaders(member)).toEqual({ "Cache-Control": "private, no-cache", Vary: "Cookie" });
  });

  it("never caches answers to form posts", () => {
    expect(pageCacheHeaders(new Request("http://localhost/", { method: "POST" }))["Cache-Control"]).toBe("private, no-store");
  });
});

describe("the headers of pages whose action can refuse", () => {
  const refused = { loaderHeaders: new Headers(), actionHeaders: new Headers({ "Retry-After": "42" }), errorHeaders: undefined };

  it("keep the refusal's Retry-After, which a fixed Cache-Control alone would drop", () => {
    expect(new Headers(noStoreHeaders({ ...refused, parentHeaders: new Headers() })).get("retry-after")).toBe("42");
    const inherited = new Headers(parentHeadersWithRetryAfter({ ...refused, parentHeaders: new Headers({ "Cache-Control": "private, no-cache", Vary: "Cookie" }) }));
    expect(Object.fromEntries(inherited)).toEqual({ "cache-control": "private, no-cache", vary: "Cookie", "retry-after": "42" });
  });

  it("add nothing to an answer that was not refused", () => {
    const answered = { loaderHeaders: new Headers(), actionHeaders: new Headers(), errorHeaders: undefined, parentHeaders: new Headers() };
    expect(new Headers(noStoreHeaders(answered)).has("retry-after")).toBe(false);
  });
});

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
