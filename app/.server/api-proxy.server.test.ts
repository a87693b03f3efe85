import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { networkTransport, type UpstreamTarget } from "./api/transport";
import { MAX_PROXY_BODY_BYTES, proxyApiRequest } from "./api-proxy.server";
import { commitSessionToken } from "./session.server";

const SITE = "http://localhost:3000";
type Seen = { method: string; url: string; authorization: string | undefined; body: string };
const seen: Seen[] = [];
let server: Server;
let upstream: UpstreamTarget;

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
  });
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const body = await readBody(request);
    seen.push({ method: request.method!, url: request.url!, authorization: request.headers.authorization, body });
    const path = new URL(request.url!, "http://x").pathname;
    if (path === "/api/v1/accounts/users/me/profile" && request.headers.authorization === "Bearer dead") {
      response.writeHead(401, { "Content-Type": "application/json" });
      return response.end(JSON.stringify({ message: "Unauthenticated." }));
    }
    const socialStart = /^\/api\/v1\/accounts\/users\/auth\/social\/([a-z]+)\/login$/.exec(path);
    if (socialStart) {
      response.writeHead(200, { "Content-Type": "application/json" });
      const state = socialStart[1] === "discord" ? undefined : `s-${socialStart[1]}`;
      return response.end(JSON.stringify({ url: `https://provider.example/${socialStart[1]}?state=${state}`, state }));
    }
    if (path === "/api/v1/accounts/users/auth/social/authenticate") {
      response.writeHead(200, { "Content-Type": "application/json" });
      return response.end(JSON.stringify({ token: "social-token-secret" }));
    }
    response.writeHead(path.endsWith("/favorites") ? 200 : 200, {
      "Content-Type": "application/json",
      "Set-Cookie": "laravel_session=abc; Path=/; HttpOnly",
      "X-Powered-By": "PHP",
    });
    response.end(JSON.stringify([1, 2, 3]));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  upstream = { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`, transport: networkTransport, embedded: false };
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

const signedIn = { Cookie: commitSessionToken("user-token").split(";")[0]! };

function proxy(path: string, init: RequestInit = {}) {
  return proxyApiRequest(new Request(`${SITE}/api/v1${path}`, init), { upstream });
}

describe("/api/v1 proxy", () => {
  it("forwards an account GET with the session's token and no cookies either way", async () => {
    const response = await proxy("/accounts/users/me/favorites/ids", { headers: signedIn });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([1, 2, 3]);
    expect(seen.at(-1)).toMatchObject({
      method: "GET",
      url: "/api/v1/accounts/users/me/favorites/ids",
      authorization: "Bearer user-token",
    });
    expect(response.headers.get("set-cookie")).toBeNull();
    expect(response.headers.get("x-powered-by")).toBeNull();
    expect(response.headers.get("cache-control")).toBe("private, no-store");
  });

  it("forwards public catalogue GETs with their query, without the token, cacheable", async () => {
    const response = await proxy("/anime/catalog/releases?page=2&f%5Btypes%5D=TV,WEB", { headers: signedIn });
    expect(response.status).toBe(200);
    expect(seen.at(-1)).toMatchObject({ url: "/api/v1/anime/catalog/releases?page=2&f%5Btypes%5D=TV%2CWEB", authorization: undefined });
    expect(response.headers.get("cache-control")).toContain("s-maxage");
  });

  it("passes every allowed path with a trailing slash too, as the live API answers it (the desktop app sends one)", async () => {
    const paths = [
      "/anime/releases/list/?ids=1,2&page=1&limit=50",
      "/anime/catalog/releases/",
      "/anime/releases/latest/",
      "/anime/releases/some-alias/",
      "/anime/schedule/week/",
      "/anime/genres/5/releases/",
      "/anime/torrents/release/9/",
      "/teams/roles/",
      "/accounts/users/me/favorites/ids/",
      "/accounts/users/me/views/timecodes/",
    ];
    for (const path of paths) {
      const response = await proxy(path, { headers: signedIn });
      expect(response.status, path).toBe(200);
      expect(seen.at(-1)?.url, path).toBe(`/api/v1${path.replace(/,/g, "%2C")}`);
    }
    expect((await proxy("/accounts/otp/accept/", { method: "POST", headers: { Origin: SITE } })).status).toBe(404);
    expect((await proxy("/anime/releases/latest//")).status).toBe(404);
  });

  it("forwards a same-origin POST with its body", async () => {
    const body = JSON.stringify([{ time: 12, is_watched: false, release_episode_id: "e1" }]);
    const response = await proxy("/accounts/users/me/views/timecodes", {
      method: "POST",
      headers: { ...signedIn, Origin: SITE, "Content-Type": "application/json" },
      body,
    });
    expect(response.status).toBe(200);
    expect(seen.at(-1)).toMatchObject({ method: "POST", body, authorization: "Bearer user-token" });
  });

  it("rejects a cross-origin POST with 403 JSON", async () => {
    const before = seen.length;
    const response = await proxy("/accounts/users/me/favorites", {
      method: "POST",
      headers: { ...signedIn, Origin: "https://evil.example" },
      body: "[]",
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: expect.any(String) });
    expect(seen.length).toBe(before);
  });

  it("rejects a POST announced cross-site by Sec-Fetch-Site", async () => {
    const response = await proxy("/accounts/users/me/favorites", {
      method: "POST",
      headers: { "Sec-Fetch-Site": "cross-site" },
      body: "[]",
    });
    expect(response.status).toBe(403);
  });

  it.each(["/accounts/users/me/passwords", "/admin", "/../secret", "/anime/releases/a/b/c", "/accounts/otp/accept", "/anime/torrents/rss"])(
    "answers 404 for the unknown path %s",
    async (path) => {
      const response = await proxy(path);
      expect(response.status).toBe(404);
    },
  );

  it("forwards a device's OTP calls without the session's token, never cacheable", async () => {
    const body = JSON.stringify({ device_id: "tv-1" });
    const response = await proxy("/accounts/otp/get", {
      method: "POST",
      headers: { ...signedIn, "Content-Type": "application/json" },
      body,
    });
    expect(response.status).toBe(200);
    expect(seen.at(-1)).toMatchObject({ method: "POST", url: "/api/v1/accounts/otp/get", body, authorization: undefined });
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("set-cookie")).toBeNull();
  });

  it("answers 405 for a known path with another method", async () => {
    const response = await proxy("/anime/genres", { method: "POST", headers: { Origin: SITE }, body: "{}" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET");
  });

  it("answers 413 for an oversized body, declared or streamed", async () => {
    const big = "x".repeat(MAX_PROXY_BODY_BYTES + 1);
    const declared = await proxy("/accounts/users/me/views/timecodes", { method: "POST", headers: { Origin: SITE }, body: big });
    expect(declared.status).toBe(413);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big));
        controller.close();
      },
    });
    const streamed = await proxy("/accounts/users/me/views/timecodes", {
      method: "POST",
      headers: { Origin: SITE },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(streamed.status).toBe(413);
  });

  it("drops the session when the upstream says the token is dead", async () => {
    const response = await proxy("/accounts/users/me/profile", { headers: { Cookie: commitSessionToken("dead").split(";")[0]! } });
    expect(response.status).toBe(401);
    expect(response.headers.get("set-cookie")).toMatch(/^session=; /);
  });

  describe("social login (login CSRF)", () => {
    const sameOriginFetch = { "Sec-Fetch-Site": "same-origin", "Sec-Fetch-Mode": "cors" };

    /** Starts a social login through the proxy, as this browser's script would: the binding cookie. */
    async function startSocialLogin(provider = "vk"): Promise<string> {
      const response = await proxy(`/accounts/users/auth/social/${provider}/login`, { headers: sameOriginFetch });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ url: `https://provider.example/${provider}?state=s-${provider}`, state: `s-${provider}` });
      const cookie = response.headers.get("set-cookie") ?? "";
      expect(cookie).toMatch(/^social_login_api=.+; Max-Age=900; Path=\/api\/v1\/accounts\/users\/auth\/social; HttpOnly; SameSite=Strict/);
      return cookie.split(";")[0]!;
    }

    it("keeps the token out of the browser: it goes into the session cookie", async () => {
      const binding = await startSocialLogin();
      const response = await proxy("/accounts/users/auth/social/authenticate?state=s-vk", {
        headers: { ...sameOriginFetch, Cookie: binding },
      });
      expect(response.status).toBe(200);
      const text = await response.text();
      expect(text).not.toContain("social-token-secret");
      expect(JSON.parse(text)).toEqual({ authenticated: true });
      const cookies = response.headers.get("set-cookie") ?? "";
      expect(cookies).toMatch(/^session=[A-Za-z0-9_-]+; /);
      expect(cookies).toMatch(/social_login_api=; Max-Age=0/);
      expect(cookies).not.toContain("social-token-secret");
    });

    it("a state this browser was not given never signs in", async () => {
      const before = seen.length;
      const response = await proxy("/accounts/users/auth/social/authenticate?state=attackers-state", { headers: sameOriginFetch });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({
        message: "Вход через социальную сеть начат не в этом браузере или устарел. Начните вход заново.",
      });
      expect(response.headers.get("set-cookie")).toBeNull();
      expect(seen.length).toBe(before);
    });

    it("another state than the one bound to this browser never signs in", async () => {
      const binding = await startSocialLogin("google");
      const response = await proxy("/accounts/users/auth/social/authenticate?state=s-vk", {
        headers: { ...sameOriginFetch, Cookie: binding },
      });
      expect(response.status).toBe(403);
      expect(response.headers.get("set-cookie")).toBeNull();
    });

    it.each([
      ["a link on another site", { "Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate" }],
      ["a sibling site's link", { "Sec-Fetch-Site": "same-site", "Sec-Fetch-Mode": "navigate" }],
      ["another origin's fetch", { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" }],
    ])("%s neither signs in nor replaces the visitor's session, even with the right state", async (_, headers) => {
      const binding = await startSocialLogin();
      const response = await proxy("/accounts/users/auth/social/authenticate?state=s-vk", {
        headers: { ...headers, Cookie: `${signedIn.Cookie}; ${binding}` },
      });
      expect(response.status).toBe(403);
      expect(response.headers.get("set-cookie")).toBeNull();
    });

    it("passes on only the parameters the start and the finish need: field selection cannot strip the state", async () => {
      const response = await proxy("/accounts/users/auth/social/google/login?host=localhost&include=%25&exclude=state", {
        headers: sameOriginFetch,
      });
      expect(response.status).toBe(200);
      expect(seen.at(-1)?.url).toBe("/api/v1/accounts/users/auth/social/google/login?host=localhost");
    });

    it("a start whose answer has no state is a 502, nothing bound", async () => {
      const response = await proxy("/accounts/users/auth/social/discord/login", { headers: sameOriginFetch });
      expect(response.status).toBe(502);
      expect(response.headers.get("set-cookie")).toBeNull();
    });
  });

  it("answers 503 JSON when the upstream is down", async () => {
    const down = { ...upstream, baseUrl: "http://127.0.0.1:9/api/v1" };
    const response = await proxyApiRequest(new Request(`${SITE}/api/v1/anime/genres`), { upstream: down });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ message: expect.any(String) });
  });
});

describe("/api/v1 proxy before a hostile upstream: data, never documents", () => {
  type Mode = (response: ServerResponse) => void;
  let mode: Mode = (response) => response.end();
  let hostile: Server;
  let secret: Server;
  let secretHits = 0;
  let hostileUpstream: UpstreamTarget;
  const SECRET = "internal-secret-9d2e";

  beforeAll(async () => {
    secret = createServer((_request, response) => {
      secretHits += 1;
      response.writeHead(200, { "Content-Type": "application/json" });
      response.end(JSON.stringify({ secret: SECRET }));
    });
    hostile = createServer((_request, response) => mode(response));
    await Promise.all([secret, hostile].map((each) => new Promise<void>((resolve) => each.listen(0, "127.0.0.1", resolve))));
    const port = (hostile.address() as AddressInfo).port;
    hostileUpstream = { baseUrl: `http://127.0.0.1:${port}/api/v1`, transport: networkTransport, embedded: false };
  });

  afterAll(() => Promise.all([secret, hostile].map((each) => new Promise((resolve) => each.close(resolve)))));

  const answer =
    (status: number, headers: Record<string, string>, body: string): Mode =>
    (response) => {
      response.writeHead(status, headers);
      response.end(body);
    };
  const ask = (path = "/teams/roles") => proxyApiRequest(new Request(`${SITE}/api/v1${path}`), { upstream: hostileUpstream });

  it.each([
    ["HTML with a script", answer(200, { "Content-Type": "text/html" }, "<script>alert(document.domain)</script>")],
    ["SVG", answer(200, { "Content-Type": "image/svg+xml" }, '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')],
    ["no type at all", answer(200, {}, "<script>alert(1)</script>")],
    ["a 500", answer(500, { "Content-Type": "application/json" }, '{"message":"boom"}')],
    ["a 302 without Location", answer(302, {}, "")],
  ])("answers 502 JSON to %s", async (_name, hostileMode) => {
    mode = hostileMode;
    const response = await ask();
    expect(response.status).toBe(502);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await response.text()).not.toMatch(/script|svg|boom/);
  });

  it("answers 502 to a redirect to an internal address, which is never asked", async () => {
    mode = answer(302, { Location: `http://127.0.0.1:${(secret.address() as AddressInfo).port}/secret` }, "");
    const response = await ask();
    expect(response.status).toBe(502);
    expect(await response.text()).not.toContain(SECRET);
    expect(secretHits).toBe(0);
  });

  it("passes JSON as data: nosniff, a sandbox CSP, and an inline disposition turned into an attachment", async () => {
    mode = answer(200, { "Content-Type": "application/json", "Content-Disposition": 'inline; filename="roles.json"' }, "[1]");
    const response = await ask();
    expect(response.status).toBe(200);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("content-security-policy")).toBe("sandbox; default-src 'none'");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="roles.json"');
    expect(await response.json()).toEqual([1]);
  });

  it("passes an empty answer, whatever type it names, without the type", async () => {
    mode = answer(200, { "Content-Type": "text/html; charset=UTF-8", "Content-Length": "0" }, "");
    const response = await proxyApiRequest(
      new Request(`${SITE}/api/v1/accounts/users/me/views/timecodes`, {
        method: "POST",
        headers: { ...signedIn, Origin: SITE },
        body: "[]",
      }),
      { upstream: hostileUpstream },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBeNull();
    expect(await response.text()).toBe("");
  });

  it("passes a torrent file as an attachment", async () => {
    mode = answer(200, { "Content-Type": "application/x-bittorrent" }, "d8:announce0:e");
    const response = await ask("/anime/torrents/abc/file");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe("attachment");
    expect(await response.text()).toBe("d8:announce0:e");
  });

  it("answers 502 to a declared length over the cap without reading the body", async () => {
    mode = answer(200, { "Content-Type": "application/json", "Content-Length": String(64 * 1024 * 1024) }, "[");
    expect((await ask()).status).toBe(502);
  });

  it("aborts its own answer when the upstream's body stops half-way: never a complete-looking 200", async () => {
    mode = (response) => {
      response.writeHead(200, { "Content-Type": "application/json" });
      response.write('[1,2,3,"');
      setTimeout(() => response.destroy(), 20);
    };
    const logged = vi.spyOn(console, "log").mockImplementation(() => undefined);
    const response = await ask();
    expect(response.status).toBe(200);
    const error = await response.text().then(
      () => null,
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).name).toBe("AnswerCutOffError");
    const lines = logged.mock.calls.map(([line]) => JSON.parse(String(line)) as { level: string; message: string });
    logged.mockRestore();
    expect(lines).toContainEqual(expect.objectContaining({ level: "warn", message: "proxy: upstream body cut off" }));
  });
});
