import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkMediaHosts, checkUpstreamHealth, forgetHealthProbes } from "./health";
import { networkTransport } from "./transport";
import { DEFAULT_BREAKER_SETTINGS, HostPool } from "./upstream-hosts";

let server: Server | undefined;

beforeEach(() => forgetHealthProbes());
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

describe("checkUpstreamHealth under many callers", () => {
  /** An upstream that counts its calls and answers once `release` is called. */
  async function countingUpstream(): Promise<{ baseUrl: string; calls: () => number; release: () => void }> {
    let calls = 0;
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    server = createServer((_request, response) => {
      calls += 1;
      void released.then(() => {
        response.writeHead(200, { "content-type": "application/json" });
        response.end("[]");
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    return { baseUrl: `http://127.0.0.1:${(server!.address() as AddressInfo).port}/api/v1`, calls: () => calls, release };
  }

  it("a caller that hangs up does not count as the host failing", async () => {
    const upstream = await countingUpstream();
    const hosts = new HostPool([upstream.baseUrl, "http://127.0.0.1:9/api/v1"], { ...DEFAULT_BREAKER_SETTINGS, consecutiveFailures: 1 });
    const target = { baseUrl: upstream.baseUrl, transport: networkTransport, embedded: false, hosts };
    const caller = new AbortController();
    const health = checkUpstreamHealth(new Request("http://app.test/healthz", { signal: caller.signal }), target);
    await expect.poll(upstream.calls).toBe(1);
    caller.abort();
    upstream.release();
    expect((await health).hosts?.[0]).toMatchObject({ url: upstream.baseUrl, state: "up", ok: true, status: 200 });
    expect(hosts.hosts[0]!.report().state).toBe("up");
  });

  it("callers within the interval share one probe per host", async () => {
    const upstream = await countingUpstream();
    const hosts = new HostPool([upstream.baseUrl], DEFAULT_BREAKER_SETTINGS);
    const target = { baseUrl: upstream.baseUrl, transport: networkTransport, embedded: false, hosts };
    const callers = Array.from({ length: 20 }, () => checkUpstreamHealth(new Request("http://app.test/healthz"), target));
    await expect.poll(upstream.calls).toBe(1);
    upstream.release();
    const answers = await Promise.all(callers);
    expect(answers.every((answer) => answer.ok)).toBe(true);
    await checkUpstreamHealth(new Request("http://app.test/healthz"), target);
    expect(upstream.calls()).toBe(1);
  });

  it("shares the probe of a single API target and of media hosts too", async () => {
    const upstream = await countingUpstream();
    upstream.release();
    const target = { baseUrl: upstream.baseUrl, transport: networkTransport, embedded: false };
    await Promise.all(Array.from({ length: 5 }, () => checkUpstreamHealth(new Request("http://app.test/healthz"), target)));
    const mediaOrigin = upstream.baseUrl.replace("/api/v1", "");
    await Promise.all(Array.from({ length: 5 }, () => checkMediaHosts([mediaOrigin])));
    expect(upstream.calls()).toBe(2);
  });
});
