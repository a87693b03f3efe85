import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { apiRouter } from "../../embedded-api/api-routes";
import { hasBadPercentEncoding, LONG_TARGET_BYTES, requestArbitrary, serialize, type GenerationContext } from "./generators";
import { readRoutePatterns } from "./routes";

const routes = readRoutePatterns(path.resolve("app/routes"));
const context: GenerationContext = {
  routes,
  apiPaths: [...new Set(apiRouter.table().map((route) => route.path))],
  validValues: { alias: ["a-release"], releaseId: ["7"], provider: ["vk"] },
  staticFiles: ["/favicon.ico"],
  serverPaths: ["/build-version"],
  host: "127.0.0.1:4000",
  origin: "http://127.0.0.1:4000",
  sessionCookie: "__Host-session=signed-in",
};
const sample = fc.sample(requestArbitrary(context), { seed: 1, numRuns: 3000 });

describe("requestArbitrary", () => {
  it("reaches every route of the app and every kind of method", () => {
    const paths = sample.map((request) => request.target.split("?")[0] ?? "");
    for (const route of routes) {
      // The route's fixed start, up to two segments, stopping at its first parameter (a parameter is filled in).
      const firstParameter = route.segments.findIndex((segment) => segment.startsWith(":") || segment === "*");
      const prefix = `/${route.segments.slice(0, firstParameter === -1 ? 2 : Math.min(firstParameter, 2)).join("/")}`;
      expect(
        paths.some((target) => target.startsWith(prefix)),
        route.file,
      ).toBe(true);
    }
    expect(paths.some((target) => target.startsWith("/build-version"))).toBe(true);
    const methods = new Set(sample.map((request) => request.method));
    for (const method of ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE"])
      expect(methods.has(method), method).toBe(true);
  });

  it("attaches the issue's expectations to the requests they concern", () => {
    const long = sample.filter((request) => request.target.length > LONG_TARGET_BYTES && request.kind === "long-target");
    expect(long.length).toBeGreaterThan(0);
    expect(long.every((request) => request.expectations.some((expectation) => expectation.issueItem === 1))).toBe(true);
    const theme = sample.filter(
      (request) =>
        request.target === "/preferences/theme" &&
        request.expectations.some((expectation) => expectation.description.includes("saves the theme")),
    );
    expect(theme.length).toBeGreaterThan(0);
    expect(sample.some((request) => request.hostileHost !== null)).toBe(true);
  });
});

describe("serialize", () => {
  it("adds Host, Connection: close and the body's length", () => {
    const text = serialize(
      {
        kind: "t",
        method: "POST",
        target: "/x",
        headers: [["Origin", "o"]],
        body: Buffer.from("a=1"),
        hostileHost: null,
        expectations: [],
      },
      "h:1",
    ).toString("latin1");
    expect(text).toBe("POST /x HTTP/1.1\r\nHost: h:1\r\nOrigin: o\r\nConnection: close\r\nContent-Length: 3\r\n\r\na=1");
  });
});

describe("hasBadPercentEncoding", () => {
  it.each([
    ["/%zz", true],
    ["/%", true],
    ["/%C0%AE", true],
    ["/%D0%BF", false],
    ["/plain", false],
  ])("%s", (target, bad) => {
    expect(hasBadPercentEncoding(target)).toBe(bad);
  });
});
