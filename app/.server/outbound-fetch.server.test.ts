// Real servers on 127.0.0.1 play the hosts: an upstream that redirects, and an internal "secret" it points at.
import { afterEach, describe, expect, it, vi } from "vitest";
import { closeLoopbackServers, serveOnLoopback } from "../../tests/support/loopback-servers";
import {
  fetchHop,
  fetchUpstream,
  fetchWithCheckedHops,
  isPublicAddress,
  keptConnections,
  loopbackHopsForTests,
  OPERATOR_CONFIGURED_HOP,
  OutboundRefusedError,
  PUBLIC_HTTPS_HOPS,
  withBodyCap,
} from "./outbound-fetch.server";

const serve = serveOnLoopback;

const secretServer = () =>
  serve((_request, response) => {
    response.writeHead(200, { "Content-Type": "application/json" });
    response.end('{"secret":"internal"}');
  });

const redirectingTo = (location: string | null) =>
  serve((_request, response) => {
    response.writeHead(302, location === null ? {} : { Location: location });
    response.end();
  });

afterEach(async () => {
  vi.unstubAllEnvs();
  await closeLoopbackServers();
});

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

describe("isPublicAddress", () => {
  it.each([
    "127.0.0.1",
    "127.8.9.10",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "0.0.0.0",
    "100.64.0.1",
    "224.0.0.1",
    "255.255.255.255",
    "::",
    "::1",
    "::ffff:127.0.0.1",
    "::ffff:10.0.0.1",
    "fe80::1",
    "fc00::1",
    "fd12:3456::1",
    "ff02::1",
    "64:ff9b::7f00:1",
    "not an address",
  ])("refuses %s", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(["93.184.216.34", "8.8.8.8", "172.32.0.1", "2606:4700::6810:84e5", "2a00:1450:4001::200e"])("allows %s", (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe("withBodyCap", () => {
  it("refuses a declared length over the cap before reading any of the body", async () => {
    let pulls = 0;
    const body = new ReadableStream<Uint8Array>({ pull: () => void (pulls += 1) });
    const error = await refusal(withBodyCap(new Response(body, { headers: { "Content-Length": "5000" } }), 1000));
    expect(error).toBeInstanceOf(OutboundRefusedError);
    expect((error as OutboundRefusedError).kind).toBe("too-large");
    expect(pulls).toBeLessThanOrEqual(1);
  });

  it("stops reading an endless body as soon as it passes the cap", async () => {
    let pulled = 0;
    let cancelled = false;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(100));
      },
      cancel: () => void (cancelled = true),
    });
    const capped = await withBodyCap(new Response(endless), 1_000);
    const error = await refusal(capped.text());
    expect(error).toBeInstanceOf(OutboundRefusedError);
    expect(cancelled).toBe(true);
    // The source's own read-ahead aside, nothing past the cap was asked for.
    expect(pulled).toBeLessThan(15);
  });

  it("passes a body within the cap unchanged", async () => {
    const capped = await withBodyCap(new Response("[1,2,3]", { status: 201, headers: { "Content-Type": "application/json" } }), 7);
    expect(capped.status).toBe(201);
    expect(capped.headers.get("content-type")).toBe("application/json");
    expect(await capped.json()).toEqual([1, 2, 3]);
  });
});

describe("fetchUpstream", () => {
  it("hands a redirect back unfollowed: the address it names is never asked", async () => {
    const secret = await secretServer();
    const upstream = await redirectingTo(`${secret.origin}/secret`);
    const response = await fetchUpstream(new Request(`${upstream.origin}/api/v1/teams/roles`), { maxBytes: 1024 });
    expect(response.status).toBe(302);
    expect(secret.hits()).toBe(0);
  });

  it("cuts off a network answer larger than the cap", async () => {
    const upstream = await serve((_request, response) => {
      response.writeHead(200, { "Content-Type": "application/json" });
      response.write("[");
      response.end(`${"1,".repeat(50_000)}1]`);
    });
    const response = await fetchUpstream(new Request(`${upstream.origin}/`), { maxBytes: 10_000 });
    expect(await refusal(response.text())).toBeInstanceOf(OutboundRefusedError);
  });
});

describe("fetchHop over kept connections", () => {
  const request = { headers: {}, maxBytes: 1_000, signal: AbortSignal.timeout(5_000) };
  const kept = { idleMs: 1_000, idlePerHost: 2 };

  it("still checks a name's address before connecting", async () => {
    const secret = await secretServer();
    const connections = keptConnections(PUBLIC_HTTPS_HOPS, kept);
    const error = await refusal(
      fetchHop(new URL(`https://localhost:${secret.port}/secret`), { ...request, policy: PUBLIC_HTTPS_HOPS, connections }),
    );
    expect((error as OutboundRefusedError).kind).toBe("refused-address");
    expect(secret.hits()).toBe(0);
  });

  it("serve only the policy they were made under", async () => {
    const secret = await secretServer();
    const connections = keptConnections(loopbackHopsForTests(), kept);
    const error = await refusal(fetchHop(new URL(`${secret.origin}/secret`), { ...request, policy: OPERATOR_CONFIGURED_HOP, connections }));
    expect(error).toBeInstanceOf(Error);
    expect(secret.hits()).toBe(0);
  });
});

describe("fetchWithCheckedHops", () => {
  const options = { signal: AbortSignal.timeout(5_000), maxBytes: 10_000, maxRedirects: 2 };

  it("refuses a redirect to plain http or to a loopback address, by literal or by name, without connecting", async () => {
    const secret = await secretServer();
    for (const target of [
      `${secret.origin}/secret`,
      `https://127.0.0.1:${secret.port}/secret`,
      `https://localhost:${secret.port}/secret`,
    ]) {
      const tag = await redirectingTo(target);
      const error = await refusal(
        fetchWithCheckedHops(`${tag.origin}/vast`, { ...options, firstHop: OPERATOR_CONFIGURED_HOP, nextHops: PUBLIC_HTTPS_HOPS }),
      );
      expect(error, target).toBeInstanceOf(OutboundRefusedError);
    }
    expect(secret.hits()).toBe(0);
  });

  it("checks the resolved address of a name: localhost is loopback whatever the name says", async () => {
    const error = await refusal(
      fetchWithCheckedHops("https://localhost:9/vast", { ...options, firstHop: PUBLIC_HTTPS_HOPS, nextHops: PUBLIC_HTTPS_HOPS }),
    );
    expect((error as OutboundRefusedError).kind).toBe("refused-address");
  });

  it("refuses a redirect without a Location", async () => {
    const tag = await redirectingTo(null);
    const error = await refusal(
      fetchWithCheckedHops(`${tag.origin}/vast`, { ...options, firstHop: OPERATOR_CONFIGURED_HOP, nextHops: PUBLIC_HTTPS_HOPS }),
    );
    expect((error as OutboundRefusedError).kind).toBe("bad-redirect");
  });

  it("follows a checked redirect, up to the limit", async () => {
    const target = await serve((_request, response) => response.end("<VAST/>"));
    const tag = await redirectingTo(`${target.origin}/inline`);
    const hops = loopbackHopsForTests();
    const response = await fetchWithCheckedHops(`${tag.origin}/vast`, { ...options, firstHop: hops, nextHops: hops });
    expect(await response.text()).toBe("<VAST/>");
    const loop = await serve((request, response) => {
      response.writeHead(302, { Location: request.url ?? "/" });
      response.end();
    });
    const error = await refusal(fetchWithCheckedHops(`${loop.origin}/again`, { ...options, firstHop: hops, nextHops: hops }));
    expect((error as OutboundRefusedError).kind).toBe("too-many-redirects");
  });

  it("never allows loopback hops in a production process", () => {
    vi.stubEnv("NODE_ENV", "production");
    expect(() => loopbackHopsForTests()).toThrow();
  });
});
