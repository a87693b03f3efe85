import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { apiRouter } from "../../embedded-api/api-routes";
import {
  coverageCells,
  hasBadPercentEncoding,
  LONG_TARGET_BYTES,
  OVERSIZED_FORM_BODY_BYTES,
  planRequests,
  requestArbitrary,
  serialize,
  type GenerationContext,
  type PlannedRequest,
} from "./generators";
import { fixedFormRoutes, readRoutePatterns, type RoutePattern } from "./routes";

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

/** The route's fixed start, up to `segments` segments, stopping at its first parameter (a parameter is filled in). */
function fixedStart(route: RoutePattern, segments = 2): string {
  const firstParameter = route.segments.findIndex((segment) => segment.startsWith(":") || segment === "*");
  return `/${route.segments.slice(0, firstParameter === -1 ? segments : Math.min(firstParameter, segments)).join("/")}`;
}

const pathOf = (request: PlannedRequest) => request.target.split("?")[0] ?? "";

describe("requestArbitrary", () => {
  it("reaches every route of the app and every kind of method", () => {
    const paths = sample.map(pathOf);
    for (const route of routes) {
      const prefix = fixedStart(route);
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

describe("planRequests", () => {
  const plan = planRequests(context, { seed: 1, total: 700 });
  const cells = coverageCells(context);

  it("sends every route with a read, a write and an unsupported method, and a `_data` probe of it", () => {
    const classes: Record<string, string[]> = {
      read: ["GET", "HEAD", "OPTIONS"],
      write: ["POST", "PUT", "PATCH", "DELETE"],
      unsupported: ["TRACE", "TRACK", "CONNECT", "PROPFIND", "MKCOL", "BREW", "FOO", "get", "M-SEARCH", "PURGE"],
    };
    for (const route of routes) {
      const prefix = fixedStart(route, route.segments.length);
      const ofRoute = plan.filter((request) => pathOf(request).startsWith(prefix));
      for (const [name, methods] of Object.entries(classes))
        expect(
          ofRoute.some((request) => request.kind === "route" && methods.includes(request.method)),
          `${name} ${route.file}`,
        ).toBe(true);
      expect(
        ofRoute.some((request) => request.kind === "focused" && request.target.includes("_data=")),
        `_data ${route.file}`,
      ).toBe(true);
    }
  });

  it("sends every API path, static file and server path, every form route an oversized body, every long-target shape", () => {
    for (const pattern of context.apiPaths) {
      const prefix = `/api/v1${pattern.split("{")[0]}`;
      expect(
        plan.some((request) => request.target.startsWith(prefix)),
        pattern,
      ).toBe(true);
    }
    for (const file of [...context.staticFiles, ...context.serverPaths])
      expect(plan.some((request) => request.target.startsWith(file))).toBe(true);
    for (const route of fixedFormRoutes(routes))
      expect(
        plan.some(
          (request) =>
            request.kind === "oversized-body" &&
            pathOf(request) === fixedStart(route, route.segments.length) &&
            request.body.length > OVERSIZED_FORM_BODY_BYTES,
        ),
        route.file,
      ).toBe(true);
    expect(plan.filter((request) => request.kind === "long-target").length).toBeGreaterThanOrEqual(4);
  });

  it("POSTs every kind of body to a form route", () => {
    const formPaths = fixedFormRoutes(routes).map((route) => fixedStart(route, route.segments.length));
    const contentTypes = new Set(
      plan
        .filter(
          (request) => request.kind === "route" && request.method === "POST" && formPaths.some((path) => pathOf(request).startsWith(path)),
        )
        .map((request) => request.headers.find(([name]) => name === "Content-Type")?.[1].split(";")[0] ?? "none"),
    );
    for (const type of [
      "application/x-www-form-urlencoded",
      "application/json",
      "text/plain",
      "application/xml",
      "multipart/form-data",
      "none",
    ])
      expect(contentTypes.has(type), type).toBe(true);
  });

  it("draws the rest from the whole mix, and sends every cell even when asked for fewer", () => {
    expect(plan).toHaveLength(700);
    const cellsOnly = planRequests(context, { seed: 1, total: 10 });
    expect(cellsOnly).toHaveLength(cells.length);
    expect(planRequests(context, { seed: 2, total: 10 }).map(pathOf)).not.toEqual(cellsOnly.map(pathOf));
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
