// Mirrors over HTTP (decision 0210): two embedded-API processes share one SQLite file; the API client knows both.
// The first is killed mid-run: every GET still answers, a POST is sent once; restarted, it gets its traffic back.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { login } from "../../app/.server/api/auth";
import { getCatalogReleases } from "../../app/.server/api/catalog";
import { UpstreamUnavailableError } from "../../app/.server/api/errors";
import { getAccountSessions } from "../../app/.server/api/sessions";
import { testContext } from "../../app/.server/api/test-fixtures";
import { apiBaseUrl, networkTransport } from "../../app/.server/api/transport";
import { HostPool, type BreakerSettings } from "../../app/.server/api/upstream-hosts";
import { startEmbeddedApiProcess, type EmbeddedApiProcess } from "../support/embedded-api-process";
import { freePort } from "../support/real-servers";

// Ports of the system's choosing: parallel runs of this file never meet. The first is reused for the restart.
let firstPort: number;
let secondPort: number;
const SETTINGS: BreakerSettings = { consecutiveFailures: 2, serverErrorBurst: 5, serverErrorWindowMs: 10_000, coolDownMs: 500 };
const DEMO = { login: "demo", password: "demo-password" };

let directory: string;
const running = new Map<number, EmbeddedApiProcess>();

async function startApi(port: number): Promise<void> {
  running.set(port, await startEmbeddedApiProcess({ port, dbPath: path.join(directory, "shared.sqlite") }));
}

async function killApi(port: number): Promise<void> {
  const api = running.get(port);
  running.delete(port);
  await api?.stop();
}

const urls = () => [firstPort, secondPort].map((port) => apiBaseUrl(`http://127.0.0.1:${port}`));

function contextOf(pool: HostPool, token: string | null = null) {
  return testContext(networkTransport, {
    upstream: { baseUrl: pool.hosts[0]!.url, transport: networkTransport, embedded: false, hosts: pool },
    timeoutMs: 5_000,
    token,
  });
}

beforeAll(async () => {
  directory = mkdtempSync(path.join(tmpdir(), "mirrors-"));
  [firstPort, secondPort] = [await freePort(), await freePort()];
  // The first creates and seeds the file; the second opens it (decision 0191).
  await startApi(firstPort);
  await startApi(secondPort);
}, 120_000);

afterAll(async () => {
  await Promise.all([...running.keys()].map(killApi));
  rmSync(directory, { recursive: true, force: true });
});

describe("two API hosts sharing one database", () => {
  it("keeps answering GETs while the first is killed mid-run, sends each POST once, and returns to the first when it is back", async () => {
    const pool = new HostPool(urls(), SETTINGS);
    const token = await login(contextOf(pool), DEMO);
    const sessionsBefore = (await getAccountSessions(contextOf(pool, token))).length;

    // Pages keep loading while the first host dies under them.
    const pages = Array.from({ length: 24 }, async (_unused, index) => {
      await new Promise((resolve) => setTimeout(resolve, index * 15));
      return getCatalogReleases(contextOf(pool), { page: 1 + (index % 3), limit: 5 });
    });
    await new Promise((resolve) => setTimeout(resolve, 60));
    await killApi(firstPort);
    const answered = await Promise.all(pages);
    expect(answered.every((page) => page.items.length > 0)).toBe(true);
    expect(pool.report().map((host) => host.state)).toEqual(["down", "up"]);

    // A POST whose host refuses it is not sent on to the other host (a pool that still thinks the first is up)...
    const unaware = new HostPool(urls(), SETTINGS);
    await expect(login(contextOf(unaware), DEMO)).rejects.toBeInstanceOf(UpstreamUnavailableError);
    // ...and one sent while the first is known down goes to the second, once: one new session, not two.
    await login(contextOf(pool), DEMO);
    expect((await getAccountSessions(contextOf(pool, token))).length).toBe(sessionsBefore + 1);

    await startApi(firstPort);
    await new Promise((resolve) => setTimeout(resolve, SETTINGS.coolDownMs));
    await getCatalogReleases(contextOf(pool), { page: 1, limit: 5 });
    expect(pool.report().map((host) => host.state)).toEqual(["up", "up"]);
    expect(pool.pick({ tried: [], mayProbe: false })).toBe(pool.hosts[0]);
  }, 120_000);
});
