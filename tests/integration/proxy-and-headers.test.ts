// The built server's answers with real headers: the client address behind a proxy (login rate limit), failures
// that no cache may keep, HSTS, and the Host it answers to (decisions 0105–0107).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer } from "../../scripts/lib/server.mjs";
import { rawRequest } from "../support/raw-http";

type Server = Awaited<ReturnType<typeof startServer>>;

const person = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
let local: Server;
let public_: Server;

const portOf = (server: Server) => Number(new URL(server.baseUrl).port);

beforeAll(async () => {
  // As `npm start` with one reverse proxy in front: no SITE_URL, so only this machine's names are served.
  [local, public_] = await Promise.all([
    startServer({ port: 4213, env: { TRUST_PROXY: "true" } }),
    startServer({ port: 4214, env: { SITE_URL: "https://anilibria.example", ALLOWED_HOSTS: "www.anilibria.example" } }),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all([local?.stop(), public_?.stop()]);
});

let signIns = 0;

/** A wrong sign-in, each to an account of its own: the address's limit is what refuses, not the account's (decision 0281). */
function signIn(path: string, forwardedFor: string) {
  signIns += 1;
  return fetch(`${local.baseUrl}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "User-Agent": person, "X-Forwarded-For": forwardedFor },
    body: new URLSearchParams({ login: `nobody-${signIns}@anilibria.example`, password: "wrong-password" }),
    redirect: "manual",
  });
}

describe("the login rate limit behind a proxy", () => {
  it("counts the address the proxy saw, however the client rotates the left of X-Forwarded-For", async () => {
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      expect((await signIn("/app/auth/login", `10.9.0.${attempt}, 198.51.100.20`)).status).not.toBe(429);
    }
    const refused = await signIn("/app/auth/login", "10.9.0.99, 198.51.100.20");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.headers.get("cache-control")).toBe("private, no-store");
    const refusedData = await signIn("/app/auth/login.data", "198.51.100.20");
    expect(refusedData.status).toBe(429);
    expect(Number(refusedData.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another visitor behind the same proxy is not refused.
    expect((await signIn("/app/auth/login", "198.51.100.21")).status).not.toBe(429);
  });
});

describe("failures", () => {
  it("are never stored, by a CDN or by the server's own page cache", async () => {
    for (const path of ["/anime/releases/release/no-such-release/episodes", "/no/such/page", "/api/v1/no/such/call"]) {
      for (const copy of [1, 2]) {
        const answer = await fetch(`${local.baseUrl}${path}`, { headers: { "User-Agent": person } });
        expect(answer.status, `${path} #${copy}`).toBe(404);
        expect(answer.headers.get("cache-control"), path).toBe("private, no-store");
        expect(answer.headers.get("x-page-cache"), path).not.toBe("hit");
      }
    }
  });

  it("while a visitor's page stays shareable", async () => {
    const answer = await fetch(`${local.baseUrl}/`, { headers: { "User-Agent": person } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toContain("s-maxage=");
  });
});

describe("the Host a request names", () => {
  it("is refused with 421 unless the site is configured for it, so pages never print a stranger's address", async () => {
    for (const path of ["/", "/robots.txt", "/sitemap.xml", "/app/auth/social/vk"]) {
      const answer = await rawRequest(portOf(local), path, { headers: { Host: "evil.example", "User-Agent": person } });
      expect(answer.status, path).toBe(421);
      expect(answer.body).not.toContain("evil.example");
      expect(answer.headers["cache-control"]).toBe("private, no-store");
    }
    const forwarded = await rawRequest(portOf(local), "/robots.txt", {
      headers: { Host: "localhost", "X-Forwarded-Host": "evil.example" },
    });
    expect(forwarded.status).toBe(421);
  });

  it("is served for localhost without configuration, and health checks pass whatever the Host", async () => {
    const robots = await rawRequest(portOf(local), "/robots.txt", { headers: { Host: `localhost:${portOf(local)}` } });
    expect(robots.status).toBe(200);
    expect(robots.body).toContain(`Sitemap: http://localhost:${portOf(local)}/sitemap.xml`);
    expect((await rawRequest(portOf(local), "/healthz", { headers: { Host: "10.1.2.3:3000" } })).status).toBe(200);
  });

  it("with SITE_URL is SITE_URL's host or one of ALLOWED_HOSTS, and the pages print SITE_URL", async () => {
    const home = await rawRequest(portOf(public_), "/", { headers: { Host: "www.anilibria.example", "User-Agent": person } });
    expect(home.status).toBe(200);
    expect(home.body).toContain('<link rel="canonical" href="https://anilibria.example/"/>');
    expect((await rawRequest(portOf(public_), "/", { headers: { Host: `127.0.0.1:${portOf(public_)}` } })).status).toBe(421);
  });
});

describe("Strict-Transport-Security", () => {
  it("is sent when the visitor came over HTTPS (the trusted proxy says so, or SITE_URL is https)", async () => {
    const overHttps = await rawRequest(portOf(local), "/robots.txt", { headers: { Host: "localhost", "X-Forwarded-Proto": "https" } });
    expect(overHttps.headers["strict-transport-security"]).toBe("max-age=31536000");
    const site = await rawRequest(portOf(public_), "/robots.txt", { headers: { Host: "anilibria.example" } });
    expect(site.headers["strict-transport-security"]).toBe("max-age=31536000");
  });

  it("is not sent over plain HTTP, so http://localhost keeps working", async () => {
    const plain = await rawRequest(portOf(local), "/robots.txt", { headers: { Host: "localhost" } });
    expect(plain.headers["strict-transport-security"]).toBeUndefined();
  });
});
