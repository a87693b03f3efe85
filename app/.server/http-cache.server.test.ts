import { describe, expect, it } from "vitest";
import { noStoreHeaders, pageCacheHeaders, parentHeadersWithRetryAfter } from "./http-cache.server";
import { commitSessionToken } from "./session.server";

describe("pageCacheHeaders", () => {
  it("lets a CDN cache visitors' pages briefly and keeps signed-in pages private", () => {
    expect(pageCacheHeaders(new Request("http://localhost/"))).toEqual({
      "Cache-Control": "public, max-age=0, s-maxage=60, stale-while-revalidate=600",
      Vary: "Cookie, Save-Data",
    });
    const member = new Request("http://localhost/", { headers: { Cookie: commitSessionToken("t").split(";")[0]! } });
    expect(pageCacheHeaders(member)).toEqual({ "Cache-Control": "private, no-cache", Vary: "Cookie, Save-Data" });
  });

  it("never caches answers to form posts", () => {
    expect(pageCacheHeaders(new Request("http://localhost/", { method: "POST" }))["Cache-Control"]).toBe("private, no-store");
  });
});

describe("the headers of pages whose action can refuse", () => {
  const refused = { loaderHeaders: new Headers(), actionHeaders: new Headers({ "Retry-After": "42" }), errorHeaders: undefined };

  it("keep the refusal's Retry-After, which a fixed Cache-Control alone would drop", () => {
    expect(new Headers(noStoreHeaders({ ...refused, parentHeaders: new Headers() })).get("retry-after")).toBe("42");
    const inherited = new Headers(
      parentHeadersWithRetryAfter({ ...refused, parentHeaders: new Headers({ "Cache-Control": "private, no-cache", Vary: "Cookie" }) }),
    );
    expect(Object.fromEntries(inherited)).toEqual({ "cache-control": "private, no-cache", vary: "Cookie", "retry-after": "42" });
  });

  it("add nothing to an answer that was not refused", () => {
    const answered = { loaderHeaders: new Headers(), actionHeaders: new Headers(), errorHeaders: undefined, parentHeaders: new Headers() };
    expect(new Headers(noStoreHeaders(answered)).has("retry-after")).toBe(false);
  });
});
