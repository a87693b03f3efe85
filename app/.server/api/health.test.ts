import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { checkUpstreamHealth } from "./health";
import { networkTransport } from "./transport";

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
