// Failover between mirrors: real local HTTP servers play the hosts, one of them down, hanging or failing.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod/v4";
import { UpstreamUnavailableError } from "./errors";
import { requestJson } from "./request";
import { testContext } from "./test-fixtures";
import { networkTransport } from "./transport";
import { HostPool, type BreakerSettings } from "./upstream-hosts";

type Host = { baseUrl: string; hits: string[] };

const servers: Server[] = [];
const SETTINGS: BreakerSettings = { consecutiveFailures: 2, serverErrorBurst: 3, serverErrorWindowMs: 10_000, coolDownMs: 60_000 };
const ItemsSchema = z.array(z.number());

async function startHost(handler: (request: IncomingMessage, response: ServerResponse) => void): Promise<Host> {
  const hits: string[] = [];
  const server = createServer((request, response) => {
    hits.push(`${request.method} ${request.url}`);
    handler(request, response);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`, hits };
}

/** A host whose port refuses connections: started, then closed. */
async function downHost(): Promise<Host> {
  const host = await startHost(() => undefined);
  await new Promise((resolve) => servers.pop()!.close(resolve));
  return host;
}

const answers = (status: number, body: unknown) => (_request: IncomingMessage, response: ServerResponse) => {
  response.writeHead(status, { "Content-Type": "application/json" });
  response.end(JSON.stringify(body));
};

afterEach(async () => {
  for (const server of servers) server.closeAllConnections();
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

function contextFor(pool: HostPool, timeoutMs = 2_000) {
  return testContext(networkTransport, {
    upstream: { baseUrl: pool.hosts[0]!.url, transport: networkTransport, embedded: false, hosts: pool },
    timeoutMs,
  });
}

describe("requestJson with mirrors", () => {
  it("sends a GET on to the next host when the first refuses connections, and marks the first down", async () => {
    const first = await downHost();
    const second = await startHost(answers(200, [2]));
    const pool = new HostPool([first.baseUrl, second.baseUrl], SETTINGS);
    for (let index = 0; index < 2; index += 1) {
      expect(await requestJson(contextFor(pool), { path: "/anime/genres" }, ItemsSchema)).toEqual([2]);
    }
    expect(pool.report().map((host) => host.state)).toEqual(["down", "up"]);
    expect(pool.report()[0]!.lastError).toMatch(/ECONNREFUSED/);
    // Down: the third GET goes straight to the second host.
    expect(await requestJson(contextFor(pool), { path: "/anime/genres" }, ItemsSchema)).toEqual([2]);
    expect(second.hits).toHaveLength(3);
  });

  it("sends a GET on when the first host answers 5xx", async () => {
    const first = await startHost(answers(503, { message: "busy" }));
    const second = await startHost(answers(200, [2]));
    const pool = new HostPool([first.baseUrl, second.baseUrl], SETTINGS);
    expect(await requestJson(contextFor(pool), { path: "/anime/genres" }, ItemsSchema)).toEqual([2]);
    expect([first.hits.length, second.hits.length]).toEqual([1, 1]);
  });

  it("never sends a POST, PUT or DELETE to a second host, even when the first refused it", async () => {
    const first = await downHost();
    const second = await startHost(answers(200, [2]));
    for (const method of ["POST", "PUT", "DELETE"] as const) {
      // A fresh pool each time: once the first host is down, a new call rightly goes to the second.
      const pool = new HostPool([first.baseUrl, second.baseUrl], SETTINGS);
      const failure = await requestJson(contextFor(pool), { method, path: "/accounts/users/me/favorites", body: [1] }, ItemsSchema).catch(
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(UpstreamUnavailableError);
    }
    expect(second.hits).toEqual([]);
  });

  it("sends a POST to the first host that is up, once", async () => {
    const first = await downHost();
    const second = await startHost(answers(200, [2]));
    const pool = new HostPool([first.baseUrl, second.baseUrl], SETTINGS);
    for (let index = 0; index < 2; index += 1) await requestJson(contextFor(pool), { path: "/anime/genres" }, ItemsSchema);
    await requestJson(contextFor(pool), { method: "POST", path: "/accounts/users/me/favorites", body: [1] }, ItemsSchema);
    expect(second.hits.filter((hit) => hit.startsWith("POST"))).toHaveLength(1);
  });

  it("leaves a hanging host half the time left, and the next one answers within the call's deadline", async () => {
    const first = await startHost(() => undefined);
    const second = await startHost(answers(200, [2]));
    const pool = new HostPool([first.baseUrl, second.baseUrl], SETTINGS);
    const started = Date.now();
    expect(await requestJson(contextFor(pool, 1_000), { path: "/anime/genres" }, ItemsSchema)).toEqual([2]);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(pool.report()[0]!.lastError).toBe("timeout");
  });

  it("never goes past the call's deadline when every host hangs", async () => {
    const hosts = await Promise.all([startHost(() => undefined), startHost(() => undefined), startHost(() => undefined)]);
    const pool = new HostPool(
      hosts.map((host) => host.baseUrl),
      SETTINGS,
    );
    const started = Date.now();
    const failure = await requestJson(contextFor(pool, 3_000), { path: "/anime/genres" }, ItemsSchema).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(UpstreamUnavailableError);
    expect((failure as UpstreamUnavailableError).reason).toBe("timeout");
    // 3 s is the deadline: the hosts get 1.5 s, 0.75 s and the last 0.75 s; a call that gave each its own 3 s would
    // take 9. The deadline is that long so the last host's share is enough for its request to arrive on a loaded
    // machine (with 800 ms, its 200 ms share once ended before the third host saw the request, beside the suite).
    expect(Date.now() - started).toBeLessThan(4_500);
    expect(hosts.map((host) => host.hits.length)).toEqual([1, 1, 1]);
  });

  it("with one host, retries it once as without mirrors", async () => {
    let calls = 0;
    const only = await startHost((request, response) => {
      calls += 1;
      answers(calls === 1 ? 500 : 200, calls === 1 ? {} : [1])(request, response);
    });
    const pool = new HostPool([only.baseUrl], SETTINGS);
    expect(await requestJson(contextFor(pool), { path: "/anime/genres" }, ItemsSchema)).toEqual([1]);
    expect(only.hits).toHaveLength(2);
  });
});
