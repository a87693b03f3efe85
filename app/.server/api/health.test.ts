import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { checkMediaHosts, checkUpstreamHealth } from "./health";
import { networkTransport } from "./transport";
import { DEFAULT_BREAKER_SETTINGS, HostPool } from "./upstream-hosts";

let server: Server | undefined;

afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function upstreamAnswering(status: number): Promise<string> {
  server = createServer((_request, response) => {
    response.writeHead(status, { "content-type": "application/json" });
    response.end("[]");
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}/api/v1`;
}

describe("checkUpstreamHealth", () => {
  it("is healthy when the upstream answers", async () => {
    const baseUrl = await upstreamAnswering(200);
    const health = await checkUpstreamHealth(new Request("http://app.test/healthz"), {
      baseUrl,
      transport: networkTransport,
      embedded: false,
    });
    expect(health).toMatchObject({ ok: true, status: 200, embedded: false });
  });

  it("is unhealthy when the upstream fails or is gone", async () => {
    const baseUrl = await upstreamAnswering(503);
    expect(
      await checkUpstreamHealth(new Request("http://app.test/healthz"), { baseUrl, transport: networkTransport, embedded: false }),
    ).toMatchObject({
      ok: false,
    });
    const gone = await checkUpstreamHealth(new Request("http://app.test/healthz"), {
      baseUrl: "http://127.0.0.1:9/api/v1",
      transport: networkTransport,
      embedded: false,
    });
    expect(gone).toMatchObject({ ok: false, status: null });
  });
});

describe("checkUpstreamHealth with mirrors", () => {
  it("asks every API host: healthy while one answers, each reported with its state", async () => {
    const answering = await upstreamAnswering(200);
    const health = await checkUpstreamHealth(new Request("http://app.test/healthz"), {
      baseUrl: "http://127.0.0.1:9/api/v1",
      transport: networkTransport,
      embedded: false,
      hosts: new HostPool(["http://127.0.0.1:9/api/v1", answering], { ...DEFAULT_BREAKER_SETTINGS, consecutiveFailures: 1 }),
    });
    expect(health).toMatchObject({ ok: true, status: 200, embedded: false });
    expect(health.hosts).toEqual([
      expect.objectContaining({ url: "http://127.0.0.1:9/api/v1", state: "down", ok: false, status: null, lastError: "no answer" }),
      expect.objectContaining({ url: answering, state: "up", ok: true, status: 200, downSince: null }),
    ]);
    expect(Date.parse(health.hosts![0]!.downSince!)).not.toBeNaN();
  });

  it("knocks on every media host", async () => {
    const answering = (await upstreamAnswering(404)).replace("/api/v1", "");
    const hosts = await checkMediaHosts(["http://127.0.0.1:9", answering]);
    expect(hosts.map(({ url, ok, status }) => ({ url, ok, status }))).toEqual([
      { url: "http://127.0.0.1:9", ok: false, status: null },
      { url: answering, ok: true, status: 404 },
    ]);
  });
});
