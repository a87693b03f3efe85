// Device codes and social-login starts store a pending row upstream for anyone who asks: the proxy counts them per
// client and refuses a flood before the upstream sees it (decision 0250).
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { networkTransport, type UpstreamTarget } from "./api/transport";
import { proxyApiRequest } from "./api-proxy.server";
import { SIGN_IN_START_RATE_LIMIT, signInStartRateLimiter } from "./security/rate-limit.server";

const SITE = "http://localhost:3000";
const seen: string[] = [];
let server: Server;
let upstream: UpstreamTarget;

beforeAll(async () => {
  server = createServer((request, response) => {
    const path = new URL(request.url!, "http://x").pathname;
    seen.push(path);
    response.writeHead(200, { "Content-Type": "application/json" });
    response.end(path.includes("/social/") ? JSON.stringify({ url: "https://provider.example/vk?state=s", state: "s" }) : "{}");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  upstream = { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`, transport: networkTransport, embedded: false };
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  seen.length = 0;
  signInStartRateLimiter.clear();
});

function call(path: string, clientAddress: string, method = "POST") {
  const body = method === "POST" ? JSON.stringify({ device_id: "tv", code: "123456" }) : undefined;
  return proxyApiRequest(
    new Request(`${SITE}/api/v1${path}`, {
      method,
      body,
      headers: { "Content-Type": "application/json", "Sec-Fetch-Site": "same-origin" },
    }),
    { upstream, clientAddress },
  );
}

describe("sign-in starts through the proxy", () => {
  it("a client gets its device codes and social starts up to the limit, then 429 without the upstream asked", async () => {
    const starts = [
      () => call("/accounts/otp/get", "203.0.113.7"),
      () => call("/accounts/users/auth/social/vk/login", "203.0.113.7", "GET"),
    ];
    for (let attempt = 0; attempt < SIGN_IN_START_RATE_LIMIT.limit; attempt += 1) {
      const answer = await starts[attempt % 2]!();
      expect(answer.status, `attempt ${attempt + 1}`).toBe(200);
    }
    for (const start of starts) {
      const refused = await start();
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect(((await refused.json()) as { message: string }).message).toMatch(/Слишком много попыток/);
    }
    expect(seen).toHaveLength(SIGN_IN_START_RATE_LIMIT.limit);

    // Another client is counted apart, and a device signing in with its code is not a start.
    expect((await call("/accounts/otp/get", "203.0.113.8")).status).toBe(200);
    expect((await call("/accounts/otp/login", "203.0.113.7")).status).toBe(200);
  });
});
