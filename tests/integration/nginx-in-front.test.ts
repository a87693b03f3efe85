// The multi-replica deployment as deploy/ describes it (decisions 0180, 0181): Debian's nginx, running the
// checked-in deploy/nginx.conf with only its ports and paths replaced, in front of two app processes from the
// build that share one Redis and one API. A visitor's page comes from nginx's cache; a signed-in page never does
// and never goes into it; each signed-in page has its own CSP nonce; the login limit holds across the replicas.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer } from "../../scripts/lib/server.mjs";
import { NGINX, REDIS_SERVER, startNginx, startRedis } from "../support/real-servers";

const BASE_PORT = Number(process.env.NGINX_TEST_PORT ?? 4315);
const [FIRST_APP_PORT, SECOND_APP_PORT, NGINX_PORT, REDIS_PORT] = [BASE_PORT, BASE_PORT + 1, BASE_PORT + 2, BASE_PORT + 3];
const ORIGIN = `http://127.0.0.1:${NGINX_PORT}`;
const PERSON = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
const DEMO_NICKNAME = "Демо-зритель";
const SESSION_COOKIE = "__Host-session";

type Running = { stop(): Promise<void> };
const running: Running[] = [];
let redis: Running | undefined;
let apps: Awaited<ReturnType<typeof startServer>>[] = [];
let sharedDirectory = "";

/** Replaces the one occurrence of `from`: the checked-in file must still say what the test expects. */
function replaceOnce(text: string, from: string, to: string): string {
  const at = text.indexOf(from);
  if (at === -1 || text.indexOf(from, at + from.length) !== -1) throw new Error(`deploy/nginx.conf: expected "${from}" exactly once`);
  return text.slice(0, at) + to + text.slice(at + from.length);
}

/** deploy/nginx.conf with this machine's ports, and every path nginx writes under its temporary directory. */
function configFor(directory: string): string {
  let config = readFileSync(path.resolve("deploy/nginx.conf"), "utf8");
  config = replaceOnce(config, "pid /run/nginx.pid;", `pid ${directory}/nginx.pid;\ndaemon off;`);
  config = replaceOnce(config, "access_log /dev/stdout replicas;", `access_log ${directory}/access.log replicas;`);
  config = replaceOnce(
    config,
    "server app:3000 max_fails=3 fail_timeout=10s;",
    `server 127.0.0.1:${FIRST_APP_PORT} max_fails=3 fail_timeout=10s;\n        server 127.0.0.1:${SECOND_APP_PORT} max_fails=3 fail_timeout=10s;`,
  );
  config = replaceOnce(config, "/var/cache/nginx/anilibria", `${directory}/cache`);
  config = replaceOnce(config, "listen 80;", `listen 127.0.0.1:${NGINX_PORT};`);
  const temporary = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((kind) => `    ${kind}_temp_path ${directory}/${kind};`);
  config = replaceOnce(config, "http {", `http {\n${temporary.join("\n")}`);
  // As root, nginx's workers would run as nobody, who may not enter the temporary directory.
  if (process.getuid?.() === 0) config = `user root;\n${config}`;
  const file = path.join(directory, "nginx.conf");
  writeFileSync(file, config);
  return file;
}

beforeAll(async () => {
  if (!NGINX || !REDIS_SERVER) return;
  sharedDirectory = mkdtempSync(path.join(tmpdir(), "anilibria-replicas-"));
  const started = await startRedis(REDIS_PORT);
  redis = started;
  running.push(started);
  // Replicas share the upstream (here one embedded-API database), SESSION_SECRET (startServer's) and Redis.
  // The app's own page cache is off, so every HIT below is nginx's.
  const env = {
    REDIS_URL: started.url,
    TRUST_PROXY: "1",
    PAGE_CACHE_SECONDS: "0",
    // The embedded API's demo account (a production embedded API has none).
    EMBEDDED_API_DEV_PAGES: "true",
    EMBEDDED_API_DB: path.join(sharedDirectory, "embedded-api.sqlite"),
  };
  // One after the other: the first seeds the database.
  apps = [await startServer({ port: FIRST_APP_PORT, env })];
  apps.push(await startServer({ port: SECOND_APP_PORT, env }));
  running.push(...apps);
  running.push(await startNginx(NGINX_PORT, configFor));
}, 180_000);

afterAll(async () => {
  for (const program of running.reverse()) await program.stop();
  if (sharedDirectory) rmSync(sharedDirectory, { recursive: true, force: true });
});

function page(pathname: string, cookie?: string) {
  return fetch(`${ORIGIN}${pathname}`, { headers: { "User-Agent": PERSON, ...(cookie ? { Cookie: cookie } : {}) } });
}

async function signIn(): Promise<string> {
  const response = await fetch(`${ORIGIN}/app/auth/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: ORIGIN, "User-Agent": PERSON, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ login: "demo", password: "demo-password" }),
  });
  await response.arrayBuffer();
  const session = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
  if (!session) throw new Error(`sign-in answered ${response.status} without a session`);
  return session.split(";")[0] as string;
}

let attempts = 0;

/**
 * A wrong sign-in straight to a replica, as from a proxy that saw `client` (TRUST_PROXY=1); each to an account of its
 * own, so that the address's limit is what refuses, not the account's (decision 0281).
 */
function attempt(baseUrl: string, client: string) {
  attempts += 1;
  return fetch(`${baseUrl}/app/auth/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "User-Agent": PERSON, "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": client },
    body: new URLSearchParams({ login: `nobody-${attempts}@anilibria.example`, password: "wrong-password" }),
  });
}

function nonceOf(response: Response): string {
  const nonce = response.headers.get("content-security-policy")?.match(/'nonce-([^']+)'/)?.[1];
  if (!nonce) throw new Error("no CSP nonce");
  return nonce;
}

describe.skipIf(!NGINX || !REDIS_SERVER)("nginx in front of two replicas", () => {
  it("serves a visitor's page from its cache the second time", async () => {
    const first = await page("/anime/catalog");
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toContain("s-maxage=");
    const firstBody = await first.text();
    const second = await page("/anime/catalog");
    expect(second.headers.get("x-cache-status")).toBe("HIT");
    expect(await second.text()).toBe(firstBody);
    expect(firstBody).not.toContain(DEMO_NICKNAME);
  });

  it("never serves a signed-in page from its cache nor keeps one, and gives each its own nonce", async () => {
    const visitor = await page("/anime/catalog");
    expect(visitor.headers.get("x-cache-status")).toBe("HIT");
    const visitorNonce = nonceOf(visitor);
    const sessions = [await signIn(), await signIn()];
    expect(sessions[0]).not.toBe(sessions[1]);
    const nonces = new Set<string>([visitorNonce]);
    for (const session of sessions) {
      // Twice each: on both replicas (nginx takes turns), and a second request must not find a stored copy.
      for (const copy of [1, 2]) {
        const signedIn = await page("/anime/catalog", session);
        expect(signedIn.status, `copy ${copy}`).toBe(200);
        expect(signedIn.headers.get("x-cache-status")).toBe("BYPASS");
        expect(signedIn.headers.get("cache-control")).toMatch(/private/);
        expect(await signedIn.text()).toContain(DEMO_NICKNAME);
        nonces.add(nonceOf(signedIn));
      }
    }
    // Four signed-in pages, four nonces, none of them the cached visitor copy's.
    expect(nonces.size).toBe(5);
    // The visitor's copy is still the visitor's: no signed-in page went into the cache.
    const visitorAgain = await page("/anime/catalog");
    expect(visitorAgain.headers.get("x-cache-status")).toBe("HIT");
    expect(await visitorAgain.text()).not.toContain(DEMO_NICKNAME);
  });

  it("bypasses the cache for any request with the session cookie, even one the app no longer knows", async () => {
    const stale = await page("/anime/catalog", `${SESSION_COOKIE}=no-longer-valid`);
    expect(stale.headers.get("x-cache-status")).toBe("BYPASS");
    await stale.arrayBuffer();
    // Other cookies (theme, viewport) are a visitor's: their pages are cached, one copy per Cookie (Vary).
    const themed = [await page("/anime/catalog", "theme=dark"), await page("/anime/catalog", "theme=dark")];
    expect(themed.map((answer) => answer.headers.get("x-cache-status"))).toEqual(["MISS", "HIT"]);
    await Promise.all(themed.map((answer) => answer.arrayBuffer()));
  });

  it("keeps the page asked for with Save-Data apart from the ordinary one (decision 0288)", async () => {
    const posters = async (answer: Response) => (await answer.text()).match(/(?:src|srcSet)="[^"]*\/(?:preview|thumbnail)\.[a-z]+/g) ?? [];
    const ordinary = [await page("/anime/releases/latest"), await page("/anime/releases/latest")];
    expect(ordinary[1]!.headers.get("x-cache-status")).toBe("HIT");
    expect((await posters(ordinary[1]!)).some((address) => address.includes("/preview."))).toBe(true);
    await ordinary[0]!.arrayBuffer();
    const saveData = { "User-Agent": PERSON, "Save-Data": "on" };
    const light = [
      await fetch(`${ORIGIN}/anime/releases/latest`, { headers: saveData }),
      await fetch(`${ORIGIN}/anime/releases/latest`, { headers: saveData }),
    ];
    expect(light.map((answer) => answer.headers.get("x-cache-status"))).toEqual(["MISS", "HIT"]);
    for (const answer of light) {
      const addresses = await posters(answer);
      expect(addresses.length).toBeGreaterThan(0);
      expect(addresses.some((address) => address.includes("/preview."))).toBe(false);
    }
  });

  it("holds the login limit across the replicas: ten attempts split between them, then 429 on either", async () => {
    for (let index = 0; index < 10; index += 1) {
      const answer = await attempt(apps[index % 2]!.baseUrl, "198.51.100.77");
      expect(answer.status, `attempt ${index + 1}`).not.toBe(429);
      await answer.arrayBuffer();
    }
    for (const app of apps) {
      const refused = await attempt(app.baseUrl, "198.51.100.77");
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      await refused.arrayBuffer();
    }
  });

  it("passes a watch-together room's event stream on as it is written, with what either replica is told (decision 0262)", async () => {
    const created = await fetch(`${ORIGIN}/watch-together`, {
      method: "POST",
      headers: { Origin: ORIGIN, "User-Agent": PERSON, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ episodeId: "episode-1", position: "0", name: "Аня" }),
    });
    expect(created.status).toBe(201);
    const { roomId } = (await created.json()) as { roomId: string };
    const member = created.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith("wt_member="))
      ?.split(";")[0];
    if (!member) throw new Error("no member cookie");
    // The stream never ends: what nginx held back in a buffer would never arrive, and the read below would time out.
    const gone = new AbortController();
    const stream = await fetch(`${ORIGIN}/watch-together/${roomId}/events`, {
      headers: { Cookie: member, "User-Agent": PERSON },
      signal: gone.signal,
    });
    expect(stream.status).toBe(200);
    expect(stream.headers.get("content-type")).toContain("text/event-stream");
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    let received = "";
    const until = async (text: string) => {
      const timer = setTimeout(() => gone.abort(), 10_000);
      try {
        while (!received.includes(text)) {
          const { value, done } = await reader.read();
          if (done) throw new Error(`the stream ended before "${text}"`);
          received += value;
        }
      } finally {
        clearTimeout(timer);
      }
    };
    try {
      await until("event: state");
      expect(received).toContain("event: hello");
      // A message given to each replica directly reaches the member's stream, whichever replica nginx chose for it.
      for (const [index, app] of apps.entries()) {
        const said = await fetch(`${app.baseUrl}/watch-together/${roomId}/commands`, {
          method: "POST",
          headers: { Origin: app.baseUrl, Cookie: member, "User-Agent": PERSON, "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ type: "chat", text: `через реплику ${index + 1}` }),
        });
        expect(said.status).toBe(200);
        await until(`через реплику ${index + 1}`);
      }
    } finally {
      gone.abort();
    }
  });

  it("with Redis gone, still answers every sign-in and limits it per replica (decision 0180)", async () => {
    await redis!.stop();
    const statuses: number[] = [];
    for (let index = 0; index < 11; index += 1) {
      const answer = await attempt(apps[0]!.baseUrl, "198.51.100.78");
      statuses.push(answer.status);
      await answer.arrayBuffer();
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
  });
});
