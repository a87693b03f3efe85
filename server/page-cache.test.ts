import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createPageCache, sharedMaxAge, type PageCacheOptions } from "./page-cache";
import { requestOriginOf } from "./request-origin";

const PUBLIC = "public, max-age=0, s-maxage=60";
let server: Server | undefined;

afterEach(() => {
  server?.close();
  server = undefined;
  vi.useRealTimers();
});

/** The test app's page reads these; `/unlisted` is a route nobody declared. */
const PAGE_PARAMETERS: ReadonlySet<string> = new Set(["name", "cc", "cookie", "status"]);

/** An app whose pages count how often they were rendered, behind the cache. */
async function start(options: Partial<PageCacheOptions> = {}, { trustProxy = false } = {}) {
  let renders = 0;
  let renderedUrl = "";
  const cache = createPageCache({
    maxAgeSeconds: 10,
    variantOf: (request) => (request.headers["x-variant"] === "unknown" ? null : String(request.headers["x-variant"] ?? "")),
    queryParametersOf: (path) => (path === "/page" ? PAGE_PARAMETERS : null),
    cookies: { keyed: ["theme"], personal: ["session"] },
    ...options,
  });
  const app = express();
  app.set("trust proxy", trustProxy);
  app.use(cache.middleware);
  app.get(["/page", "/unlisted"], (request, response) => {
    renders += 1;
    renderedUrl = request.originalUrl;
    const nonce = `nonce${renders}+/=`;
    response.setHeader("Cache-Control", String(request.query.cc ?? PUBLIC));
    response.setHeader("Content-Security-Policy", `script-src 'nonce-${nonce}'`);
    if (request.query.cookie) response.setHeader("Set-Cookie", "flash=; Max-Age=0");
    response.status(Number(request.query.status ?? 200)).type("html");
    response.write(`<p>Привет, ${String(request.query.name ?? "гость")}</p>`);
    response.end(`<link rel="canonical" href="${requestOriginOf(request)}/page"><script nonce="${nonce}"></script>`);
  });
  server = createServer(app).listen(0, "127.0.0.1");
  await once(server, "listening");
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    cache,
    renders: () => renders,
    renderedUrl: () => renderedUrl,
    get: (path: string, headers: Record<string, string> = {}) => fetch(`${base}${path}`, { headers }),
  };
}

describe("sharedMaxAge", () => {
  it("reads s-maxage of public answers only", () => {
    expect(sharedMaxAge(PUBLIC)).toBe(60);
    expect(sharedMaxAge("public, s-maxage=0")).toBe(0);
    expect(sharedMaxAge("private, no-cache")).toBe(0);
    expect(sharedMaxAge("public, max-age=60")).toBe(0);
    expect(sharedMaxAge("public, s-maxage=60, no-store")).toBe(0);
    expect(sharedMaxAge("public, s-maxage=abc")).toBe(0);
    expect(sharedMaxAge(undefined)).toBe(0);
  });
});

describe("the shared page cache", () => {
  it("renders a public page once and serves copies with a fresh nonce each", async () => {
    const app = await start();
    const first = await app.get("/page");
    expect(first.headers.get("x-page-cache")).toBe("miss");
    const firstBody = await first.text();
    const second = await app.get("/page");
    const secondBody = await second.text();
    expect(app.renders()).toBe(1);
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(second.headers.get("age")).toBe("0");
    const nonce = /'nonce-([^']+)'/.exec(second.headers.get("content-security-policy") ?? "")?.[1];
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(secondBody).toBe(firstBody.replace("nonce1+/=", nonce as string));
    expect(secondBody).toContain("Привет, гость");
  });

  it("keeps one copy per URL, cookie header and variant", async () => {
    const app = await start();
    for (const [path, headers] of [
      ["/page", {}],
      ["/page?name=Аня", {}],
      ["/page", { cookie: "theme=light" }],
      ["/page", { "x-variant": "crawler" }],
    ] as const) {
      await (await app.get(path, headers)).text();
      await (await app.get(path, headers)).text();
    }
    expect(app.renders()).toBe(4);
  });

  it("keys a page on the origin it is rendered for: a forwarded host never reaches another host's visitors", async () => {
    const app = await start({}, { trustProxy: true });
    const forged = await (await app.get("/page", { "x-forwarded-host": "forged.example" })).text();
    expect(forged).toContain("http://forged.example/page");
    const next = await (await app.get("/page")).text();
    expect(next).not.toContain("forged.example");
    expect(app.renders()).toBe(2);
    const again = await (await app.get("/page", { "x-forwarded-proto": "https" })).text();
    expect(again).toContain('href="https://127.0.0.1:');
  });

  it("stores nothing private, personal, failed or unvaried", async () => {
    const app = await start();
    for (const path of [
      "/page?cc=private,no-cache",
      "/page?cc=public,max-age=60",
      "/page?cookie=1",
      "/page?status=404",
      "/page?status=503",
    ]) {
      await (await app.get(path)).text();
      await (await app.get(path)).text();
    }
    await (await app.get("/page", { "x-variant": "unknown" })).text();
    await (await app.get("/page", { "x-variant": "unknown" })).text();
    expect(app.renders()).toBe(12);
    expect(app.cache.size()).toBe(0);
  });

  it("keeps a copy no longer than the shorter of s-maxage and its own limit", async () => {
    let time = 0;
    const app = await start({ maxAgeSeconds: 10, now: () => time });
    await (await app.get("/page")).text();
    time = 9_999;
    expect((await app.get("/page")).headers.get("age")).toBe("9");
    time = 10_000;
    expect((await app.get("/page")).headers.get("x-page-cache")).toBe("miss");
    expect(app.renders()).toBe(2);
  });

  it("does nothing when turned off, and drops the least recently used copies beyond its size", async () => {
    const off = await start({ maxAgeSeconds: 0 });
    await (await off.get("/page")).text();
    expect((await off.get("/page")).headers.get("x-page-cache")).toBeNull();
    server?.close();

    const small = await start({ maxBytes: 150 });
    for (const name of ["a", "b", "c"]) await (await small.get(`/page?name=${name}`)).text();
    expect(small.cache.size()).toBeLessThan(3);
    expect(small.cache.bytes()).toBeLessThanOrEqual(150);
  });

  it("keys a page on the parameters it reads, sorted, and keeps no copy for any other", async () => {
    const app = await start();
    await (await app.get("/page?name=a&status=200")).text();
    const reordered = await app.get("/page?status=200&name=a");
    expect(reordered.headers.get("x-page-cache")).toBe("hit");
    const withUnread = await app.get("/page?utm_source=x&name=a&status=200");
    expect(withUnread.headers.get("x-page-cache")).toBe("hit");
    const junk = await app.get(`/page?junk=${"x".repeat(500)}&name=b`);
    expect(junk.headers.get("x-page-cache")).toBe("miss");
    expect(await junk.text()).toContain("Привет, b");
    // Rendered for the address it is kept under, so no page echoes what a client made up.
    expect(app.renderedUrl()).toBe("/page?name=b");
    for (let index = 0; index < 20; index += 1) {
      const answer = await app.get(`/page?junk${index}=${"x".repeat(500)}&name=b`);
      await answer.text();
      expect(answer.headers.get("x-page-cache")).toBe("hit");
    }
    expect(app.cache.size()).toBe(2);
    expect(app.renders()).toBe(2);
  });

  it("caches nothing of a route that did not say what it reads", async () => {
    const app = await start();
    for (const path of ["/unlisted", "/unlisted", "/unlisted?name=a", "/unlisted?name=a"]) {
      const answer = await app.get(path);
      await answer.text();
      expect(answer.headers.get("x-page-cache")).toBeNull();
    }
    expect(app.cache.size()).toBe(0);
    expect(app.renders()).toBe(4);
  });

  it("keys on the cookies pages read, ignores the others and never shares a personal one", async () => {
    const app = await start();
    await (await app.get("/page", { cookie: "theme=light" })).text();
    const withTracking = await app.get("/page", { cookie: `_ga=${"g".repeat(7000)}; theme=light` });
    expect(withTracking.headers.get("x-page-cache")).toBe("hit");
    for (const cookie of ["session=secret; theme=light", `theme=${"l".repeat(300)}`]) {
      const answer = await app.get("/page", { cookie });
      await answer.text();
      expect(answer.headers.get("x-page-cache"), cookie).toBeNull();
    }
    expect(app.cache.size()).toBe(1);
  });

  it("counts keys and headers in its bytes and caps its entries", async () => {
    const app = await start({ maxEntries: 2 });
    for (const name of ["a", "b", "c"]) await (await app.get(`/page?name=${name}`, { cookie: "theme=light" })).text();
    expect(app.cache.size()).toBe(2);
    const body = Buffer.byteLength('<p>Привет, a</p><script nonce="nonce1+/="></script>');
    const key = "http://127.0.0.1:00000/page?name=a\ntheme=light\n".length;
    // Two copies: each more than its body, by at least its key and its headers.
    expect(app.cache.bytes()).toBeGreaterThan(2 * (body + 2 * key + 100));
  });

  it("sweeps expired copies on a timer, without anyone asking for them", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    let time = 0;
    const app = await start({ maxAgeSeconds: 10, now: () => time });
    for (const name of ["a", "b"]) await (await app.get(`/page?name=${name}`)).text();
    expect(app.cache.size()).toBe(2);
    time = 10_000;
    vi.advanceTimersByTime(10_000);
    expect(app.cache.size()).toBe(0);
    expect(app.cache.bytes()).toBe(0);
  });
});
