import { describe, expect, it } from "vitest";
import { checkExchange, type CheckContext } from "./checks";
import type { PlannedRequest } from "./generators";
import type { Exchange } from "./raw-http";
import { HOSTILE_UPSTREAM_URL } from "./servers";

const context: CheckContext = { allowedRedirectOrigins: ["http://127.0.0.1:4000"], trustsProxy: false, upstreamFaultDuring: false };

function request(overrides: Partial<PlannedRequest> = {}): PlannedRequest {
  return {
    kind: "test",
    method: "GET",
    target: "/",
    headers: [],
    body: Buffer.alloc(0),
    hostileHost: null,
    expectations: [],
    ...overrides,
  };
}

function answer(status: number, headers: Record<string, string> = {}, body = ""): Exchange {
  return {
    response: { status, headers: new Map(Object.entries(headers).map(([name, value]) => [name, [value]])), body: Buffer.from(body) },
    milliseconds: 1,
    closedByServer: true,
    error: null,
  };
}

const checksOf = (planned: PlannedRequest, result: Exchange, overrides: Partial<CheckContext> = {}) =>
  checkExchange(planned, result, { ...context, ...overrides }).map((violation) => violation.check);

describe("checkExchange", () => {
  it("passes a plain, well-formed answer", () => {
    expect(checksOf(request(), answer(200, { "content-type": "text/html" }, '<a href="/x">x</a>'))).toEqual([]);
  });

  it("flags a page that names the forged forwarded host when it was asked without it (a cached copy of another request's)", () => {
    const page = answer(200, { "content-type": "text/html" }, '<link rel="canonical" href="http://evil.example/anime">');
    const check = "a page asked without a forwarded host never names another request's (decision 0281)";
    expect(checksOf(request(), page)).toContain(check);
    expect(checksOf(request({ headers: [["X-Forwarded-Host", "evil.example"]] }), page)).not.toContain(check);
  });

  it("flags a 5xx unless the upstream failed meanwhile", () => {
    expect(checksOf(request(), answer(500))).toContain("no answer ≥ 500");
    expect(checksOf(request(), answer(502, { "cache-control": "no-store" }), { upstreamFaultDuring: true })).toEqual([]);
  });

  it("takes 501 as the answer to a method the server does not implement, and only to such a method", () => {
    expect(checksOf(request({ method: "TRACE" }), answer(501))).toEqual([]);
    expect(checksOf(request({ method: "GET" }), answer(501))).toContain("no answer ≥ 500");
  });

  it("flags failures a cache may keep, and 429s without Retry-After", () => {
    expect(checksOf(request(), answer(404, { "cache-control": "public, s-maxage=60, stale-while-revalidate=600" }))).toHaveLength(1);
    expect(checksOf(request(), answer(404))).toHaveLength(1);
    expect(checksOf(request(), answer(404, { "cache-control": "public, max-age=5" }))).toEqual([]);
    expect(checksOf(request(), answer(404, { "cache-control": "no-store" }))).toEqual([]);
    expect(checksOf(request(), answer(429))).toEqual(["a 429 carries Retry-After"]);
  });

  it("flags redirects off the site or outside ASCII", () => {
    for (const location of ["//evil.example", "/\\evil.example", "https://evil.example/", "/п"]) {
      expect(checksOf(request(), answer(302, { location: Buffer.from(location).toString("latin1") })), location).toHaveLength(1);
    }
    expect(checksOf(request(), answer(302, { location: "/%D0%BF" }))).toEqual([]);
    expect(checksOf(request(), answer(302, { location: "http://127.0.0.1:4000/x" }))).toEqual([]);
  });

  it("flags an echoed Host, unsafe upstream URLs in pages, and an answer that never closed", () => {
    expect(
      checksOf(request({ hostileHost: "evil-1.example" }), answer(200, {}, '<link rel="canonical" href="http://evil-1.example/">')),
    ).toEqual(["the Host header is never echoed"]);
    expect(checksOf(request(), answer(200, { "content-type": "text/html" }, '<a href="javascript:alert(1)">x</a>'))).toEqual([
      "no upstream javascript:/data: URL reaches href or src",
    ]);
    expect(
      checksOf(request(), answer(200, { "content-type": "text/x-script; turbo-stream" }, `["url","${HOSTILE_UPSTREAM_URL}"]`)),
    ).toEqual(["no upstream javascript: URL reaches a page's data"]);
    expect(
      checksOf(request({ target: "/api/v1/media/promotions" }), answer(200, { "content-type": "application/json" }, HOSTILE_UPSTREAM_URL)),
    ).toEqual([]);
    expect(checksOf(request(), { ...answer(200), closedByServer: false })).toHaveLength(1);
  });

  it("expects HSTS on app answers forwarded as HTTPS through a trusted proxy", () => {
    const forwarded = request({ headers: [["X-Forwarded-Proto", "https"]] });
    expect(checksOf(forwarded, answer(200, { "x-content-type-options": "nosniff" }), { trustsProxy: true })).toEqual([
      "HSTS on answers over HTTPS in production",
    ]);
    expect(
      checksOf(forwarded, answer(200, { "x-content-type-options": "nosniff", "strict-transport-security": "max-age=31536000" }), {
        trustsProxy: true,
      }),
    ).toEqual([]);
  });
});
