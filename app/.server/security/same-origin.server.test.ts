import { describe, expect, it } from "vitest";
import { isSameOriginFetch, isSameOriginRequest } from "./same-origin.server";

const ORIGIN = "https://site.example";

function request(method: string, headers: Record<string, string> = {}) {
  return new Request(`${ORIGIN}/api/v1/accounts/users/me/favorites`, { method, headers });
}

describe("isSameOriginRequest", () => {
  it.each(["GET", "HEAD", "OPTIONS"])("lets %s through", (method) => {
    expect(isSameOriginRequest(request(method, { Origin: "https://evil.example" }), ORIGIN)).toBe(true);
  });

  it("accepts our Origin and rejects others", () => {
    expect(isSameOriginRequest(request("POST", { Origin: ORIGIN }), ORIGIN)).toBe(true);
    expect(isSameOriginRequest(request("POST", { Origin: "https://evil.example" }), ORIGIN)).toBe(false);
    expect(isSameOriginRequest(request("DELETE", { Origin: "http://site.example" }), ORIGIN)).toBe(false);
    expect(isSameOriginRequest(request("POST", { Origin: "null" }), ORIGIN)).toBe(false);
  });

  it("compares origins, not URLs", () => {
    expect(isSameOriginRequest(request("POST", { Origin: ORIGIN }), `${ORIGIN}/some/path`)).toBe(true);
  });

  it("falls back to Sec-Fetch-Site when Origin is absent", () => {
    expect(isSameOriginRequest(request("POST", { "Sec-Fetch-Site": "same-origin" }), ORIGIN)).toBe(true);
    expect(isSameOriginRequest(request("POST", { "Sec-Fetch-Site": "none" }), ORIGIN)).toBe(true);
    expect(isSameOriginRequest(request("POST", { "Sec-Fetch-Site": "cross-site" }), ORIGIN)).toBe(false);
    expect(isSameOriginRequest(request("POST", { "Sec-Fetch-Site": "same-site" }), ORIGIN)).toBe(false);
  });

  it("lets non-browser clients (neither header) through", () => {
    expect(isSameOriginRequest(request("POST"), ORIGIN)).toBe(true);
  });
});

describe("isSameOriginFetch", () => {
  it("accepts our own pages' fetches, GETs included", () => {
    expect(isSameOriginFetch(request("GET", { "Sec-Fetch-Site": "same-origin" }), ORIGIN)).toBe(true);
    expect(isSameOriginFetch(request("GET", { Origin: ORIGIN, "Sec-Fetch-Site": "same-origin" }), ORIGIN)).toBe(true);
  });

  it.each([
    [{ "Sec-Fetch-Site": "cross-site" }],
    [{ "Sec-Fetch-Site": "same-site" }],
    [{ "Sec-Fetch-Site": "none" }],
    [{ Origin: "https://evil.example" }],
    [{ Origin: "null", "Sec-Fetch-Site": "cross-site" }],
  ])("refuses a GET with %j", (headers) => {
    expect(isSameOriginFetch(request("GET", headers), ORIGIN)).toBe(false);
  });

  it("lets a client without browser headers through (it cannot carry a visitor's cookies)", () => {
    expect(isSameOriginFetch(request("GET"), ORIGIN)).toBe(true);
  });
});
