// Fault injection: the built app talks over HTTP to an upstream that goes down, hangs, answers garbage or
// bursts of 5xx. Each time the visitor gets the right error page and status, and the next request works.
import { createServer, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmbeddedApi, toNodeListener, type EmbeddedApi } from "../../embedded-api/index";
import { startServer } from "../../scripts/lib/server.mjs";

type Mode = "ok" | "down" | "slow" | "malformed" | { failures: number };

let mode: Mode = "ok";
let embedded: EmbeddedApi;
let upstream: Server;
let app: Awaited<ReturnType<typeof startServer>>;
const sockets = new Set<Socket>();

beforeAll(async () => {
  embedded = createEmbeddedApi({ dbPath: ":memory:", seed: { releases: 40 } });
  const forward = toNodeListener(embedded.handle);
  upstream = createServer((request, response) => {
    if (mode === "down") return request.socket.destroy();
    if (mode === "slow") return void setTimeout(() => forward(request, response), 7_000);
    if (mode === "malformed") {
      response.writeHead(200, { "content-type": "application/json" });
      return void response.end('{"data": [{"id": 1, "name": ');
    }
    if (typeof mode === "object" && mode.failures > 0) {
      mode = { failures: mode.failures - 1 };
      response.writeHead(500, { "content-type": "application/json" });
      return void response.end('{"message":"Server Error"}');
    }
    forward(request, response);
  });
  upstream.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  const upstreamOrigin = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  // The shared page cache would answer repeated requests itself: what is under test is each render's handling.
  app = await startServer({ port: 4186, env: { UPSTREAM_URL: `${upstreamOrigin}/api/v1`, PAGE_CACHE_SECONDS: "0" } });
}, 120_000);

afterAll(async () => {
  await app?.stop();
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve) => upstream?.close(() => resolve()));
  embedded?.close();
});

const person = { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0.0.0 Safari/537.36" };

async function catalogue() {
  const response = await fetch(`${app.baseUrl}/anime/catalog/`, { headers: person });
  return { status: response.status, headers: response.headers, html: await response.text() };
}

async function expectRecovery() {
  mode = "ok";
  const page = await catalogue();
  expect(page.status).toBe(200);
  expect(page.html).toContain("Каталог аниме");
}

describe("when the upstream misbehaves", () => {
  it("serves the catalogue while the upstream is healthy", async () => {
    await expectRecovery();
  });

  it("answers 503 with the error page when the upstream is down, then recovers", async () => {
    mode = "down";
    const page = await catalogue();
    expect(page.status).toBe(503);
    expect(page.html).toContain("Произошла неизвестная ошибка на сервере или в браузере");
    expect(page.html).toContain('content="noindex');
    // An outage must not be kept by a CDN as the catalogue page; the visitor is told when to try again.
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    expect(page.headers.get("retry-after")).toBe("30");
    await expectRecovery();
  });

  it("gives up after the page budget when the upstream hangs, then recovers", async () => {
    mode = "slow";
    const started = Date.now();
    const page = await catalogue();
    expect(page.status).toBe(503);
    expect(Date.now() - started).toBeLessThan(6_500);
    await expectRecovery();
  }, 20_000);

  it("answers 502 when the upstream sends malformed JSON, then recovers", async () => {
    mode = "malformed";
    const page = await catalogue();
    expect(page.status).toBe(502);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    await expectRecovery();
  });

  it("rides out a single 5xx by retrying, and reports a burst as 502", async () => {
    mode = { failures: 1 };
    expect((await catalogue()).status).toBe(200);
    mode = { failures: 6 };
    expect((await catalogue()).status).toBe(502);
    await expectRecovery();
  });

  it("keeps its health check honest", async () => {
    // Callers share one probe per host for 5 s (decision 0250): the answer follows the upstream within that.
    const health = async () => (await fetch(`${app.baseUrl}/healthz`)).status;
    mode = "down";
    await expect.poll(health, { timeout: 15_000, interval: 500 }).toBe(503);
    mode = "ok";
    await expect.poll(health, { timeout: 15_000, interval: 500 }).toBe(200);
  });
});
