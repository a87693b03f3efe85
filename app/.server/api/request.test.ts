// Fault tests: a real local HTTP server plays a faulty upstream.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod/v4";
import { UpstreamMalformedError, UpstreamRateLimitedError, UpstreamUnauthorizedError, UpstreamUnavailableError } from "./errors";
import { parseRetryAfter, requestJson } from "./request";
import { testContext } from "./test-fixtures";
import { jsonValueResponse } from "../../../embedded-api/index";
import { loadEmbeddedApiModule, networkTransport } from "./transport";

type Handler = (request: IncomingMessage, response: ServerResponse, attempt: number) => void;

const servers: Server[] = [];

async function startUpstream(handler: Handler): Promise<{ baseUrl: string; hits: () => number; hitTimes: number[] }> {
  let attempts = 0;
  const hitTimes: number[] = [];
  const server = createServer((request, response) => {
    attempts += 1;
    hitTimes.push(Date.now());
    handler(request, response, attempts);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}/api/v1`, hits: () => attempts, hitTimes };
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

function contextFor(baseUrl: string, overrides: Parameters<typeof testContext>[1] = {}) {
  return testContext(networkTransport, {
    upstream: { baseUrl, transport: networkTransport, embedded: false },
    timeoutMs: 3_000,
    ...overrides,
  });
}

function json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { "Content-Type": "application/json", ...headers });
  response.end(JSON.stringify(body));
}

const ItemsSchema = z.array(z.number());

describe("requestJson against a faulty upstream", () => {
  it("reports a down upstream (connection refused) as unavailable", async () => {
    const { baseUrl } = await startUpstream(() => undefined);
    await new Promise((resolve) => servers.pop()!.close(resolve));
    const failure = await requestJson(contextFor(baseUrl), { path: "/anime/genres" }, ItemsSchema).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(UpstreamUnavailableError);
    expect((failure as UpstreamUnavailableError).reason).toBe("network");
  });

  it("gives up on a too slow upstream within the budget", async () => {
    const { baseUrl } = await startUpstream((_request, response) => setTimeout(() => json(response, 200, [1]), 3_000));
    const started = Date.now();
    const failure = await requestJson(contextFor(baseUrl, { timeoutMs: 300 }), { path: "/slow" }, ItemsSchema).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(UpstreamUnavailableError);
    expect((failure as UpstreamUnavailableError).reason).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it("stops when the visitor goes away", async () => {
    const { baseUrl } = await startUpstream((_request, response) => setTimeout(() => json(response, 200, [1]), 3_000));
    const visitor = new AbortController();
    setTimeout(() => visitor.abort(), 100);
    const started = Date.now();
    await expect(requestJson(contextFor(baseUrl, { signal: visitor.signal }), { path: "/x" }, ItemsSchema)).rejects.toBeInstanceOf(
      UpstreamUnavailableError,
    );
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it("retries a GET once after a 500 and succeeds", async () => {
    const upstream = await startUpstream((_request, response, attempt) =>
      attempt === 1 ? json(response, 500, { message: "oops" }) : json(response, 200, [1, 2]),
    );
    expect(await requestJson(contextFor(upstream.baseUrl), { path: "/x" }, ItemsSchema)).toEqual([1, 2]);
    expect(upstream.hits()).toBe(2);
  });

  it("retries only once: 503 twice is unavailable (502-class)", async () => {
    const upstream = await startUpstream((_request, response) => json(response, 503, {}));
    const failure = await requestJson(contextFor(upstream.baseUrl), { path: "/x" }, ItemsSchema).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(UpstreamUnavailableError);
    expect((failure as UpstreamUnavailableError).status).toBe(503);
    expect(upstream.hits()).toBe(2);
  });

  it.each(["POST", "DELETE"] as const)("never retries a %s", async (method) => {
    const upstream = await startUpstream((_request, response) => json(response, 500, {}));
    await expect(requestJson(contextFor(upstream.baseUrl), { method, path: "/x", body: [] }, ItemsSchema)).rejects.toBeInstanceOf(
      UpstreamUnavailableError,
    );
    expect(upstream.hits()).toBe(1);
  });

  it("does not retry a 404 or a 422", async () => {
    const upstream = await startUpstream((_request, response) => json(response, 404, {}));
    await expect(requestJson(contextFor(upstream.baseUrl), { path: "/x" }, ItemsSchema)).rejects.toThrow();
    expect(upstream.hits()).toBe(1);
  });

  it("reports malformed JSON as malformed", async () => {
    const upstream = await startUpstream((_request, response) => {
      response.writeHead(200, { "Content-Type": "application/json" });
      response.end("{not json");
    });
    await expect(requestJson(contextFor(upstream.baseUrl), { path: "/x" }, ItemsSchema)).rejects.toBeInstanceOf(UpstreamMalformedError);
  });

  it("honours a short Retry-After on 429 and succeeds", async () => {
    const upstream = await startUpstream((_request, response, attempt) =>
      attempt === 1 ? json(response, 429, { message: "Too Many Attempts." }, { "Retry-After": "1" }) : json(response, 200, [7]),
    );
    expect(await requestJson(contextFor(upstream.baseUrl), { path: "/x" }, ItemsSchema)).toEqual([7]);
    expect(upstream.hits()).toBe(2);
    expect(upstream.hitTimes[1]! - upstream.hitTimes[0]!).toBeGreaterThanOrEqual(950);
  });

  it("does not wait for a Retry-After above the cap", async () => {
    const upstream = await startUpstream((_request, response) => json(response, 429, {}, { "Retry-After": "120" }));
    const started = Date.now();
    const failure = await requestJson(contextFor(upstream.baseUrl), { path: "/x" }, ItemsSchema).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(UpstreamRateLimitedError);
    expect((failure as UpstreamRateLimitedError).retryAfterSeconds).toBe(120);
    expect(upstream.hits()).toBe(1);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it("reports 401 as unauthorized and sends the bearer token", async () => {
    let authorization: string | undefined;
    const upstream = await startUpstream((request, response) => {
      authorization = request.headers.authorization;
      json(response, 401, { message: "Unauthenticated." });
    });
    const failure = await requestJson(contextFor(upstream.baseUrl, { token: "tok" }), { path: "/me" }, ItemsSchema).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(UpstreamUnauthorizedError);
    expect(authorization).toBe("Bearer tok");
  });

  it("keeps working after failures: the next request succeeds", async () => {
    let healthy = false;
    const upstream = await startUpstream((_request, response) => (healthy ? json(response, 200, [1]) : json(response, 502, {})));
    await expect(requestJson(contextFor(upstream.baseUrl), { path: "/x" }, ItemsSchema)).rejects.toBeInstanceOf(UpstreamUnavailableError);
    healthy = true;
    expect(await requestJson(contextFor(upstream.baseUrl), { path: "/x" }, ItemsSchema)).toEqual([1]);
  });
});

describe("requestJson against a hostile upstream", () => {
  it("never follows a redirect: the internal address it names is not asked, the call fails as a bad answer", async () => {
    const secret = await startUpstream((_request, response) => json(response, 200, [4, 5, 6]));
    const { baseUrl } = await startUpstream((_request, response) => {
      response.writeHead(302, { Location: `${secret.baseUrl}/teams/roles` });
      response.end();
    });
    const failure = await requestJson(contextFor(baseUrl), { path: "/teams/roles" }, ItemsSchema).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(UpstreamMalformedError);
    expect(secret.hits()).toBe(0);
  });

  it("cuts off an answer larger than UPSTREAM_MAX_ANSWER_MB (4 MB by default) and fails it as a bad answer", async () => {
    const { baseUrl } = await startUpstream((_request, response) => {
      response.writeHead(200, { "Content-Type": "application/json" });
      response.write("[");
      for (let chunk = 0; chunk < 50; chunk += 1) response.write(`${"1,".repeat(50_000)}`);
      response.end("1]");
    });
    const failure = await requestJson(contextFor(baseUrl), { path: "/anime/genres" }, ItemsSchema).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(UpstreamMalformedError);
  });
});

describe("in-process transport", () => {
  // The embedded API in this process is what reads the value an answer carries.
  beforeAll(() => loadEmbeddedApiModule());

  it("enforces the deadline even when the handler ignores the signal", async () => {
    const never = () => new Promise<Response>(() => undefined);
    const started = Date.now();
    const context = testContext(never, { timeoutMs: 200 });
    await expect(requestJson(context, { path: "/x" }, ItemsSchema)).rejects.toBeInstanceOf(UpstreamUnavailableError);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it("takes an answer's JSON value when the transport hands one over, only when asked", async () => {
    const asked: unknown[] = [];
    const transport = async (_request: Request, options?: { jsonValue?: boolean }) => {
      asked.push(options?.jsonValue);
      return jsonValueResponse([1, 2], 200, {});
    };
    expect(await requestJson(testContext(transport), { path: "/x" }, ItemsSchema)).toEqual([1, 2]);
    expect(asked).toEqual([true]);
  });

  it("judges a value JSON could not carry as its JSON text would be judged", async () => {
    const at = new Date("2026-01-02T03:04:05.000Z");
    const transport = async () => jsonValueResponse({ at, missing: Number.NaN }, 200, {});
    const Schema = z.object({ at: z.string(), missing: z.null() });
    expect(await requestJson(testContext(transport), { path: "/x" }, Schema)).toEqual({ at: at.toISOString(), missing: null });
    const malformed = await requestJson(testContext(transport), { path: "/x" }, ItemsSchema).catch((error: unknown) => error);
    expect(malformed).toBeInstanceOf(UpstreamMalformedError);
  });
});

describe("parseRetryAfter", () => {
  it("reads seconds and HTTP dates", () => {
    const now = Date.parse("2025-01-01T00:00:00Z");
    expect(parseRetryAfter("2", now)).toBe(2_000);
    expect(parseRetryAfter("Wed, 01 Jan 2025 00:00:01 GMT", now)).toBe(1_000);
    expect(parseRetryAfter("Tue, 31 Dec 2024 23:00:00 GMT", now)).toBe(0);
    expect(parseRetryAfter("soon", now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });
});
