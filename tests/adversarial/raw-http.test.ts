import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exchange, latin1, parseResponse, utf8Bytes } from "./raw-http";

describe("parseResponse", () => {
  it("reads the status, repeated headers and a chunked, gzipped body", () => {
    const compressed = gzipSync("привет");
    const chunked = Buffer.concat([latin1(`${compressed.length.toString(16)}\r\n`), compressed, latin1("\r\n0\r\n\r\n")]);
    const response = parseResponse(
      Buffer.concat([
        latin1(
          "HTTP/1.1 404 Not Found\r\nSet-Cookie: a=1\r\nSet-Cookie: b=2\r\nTransfer-Encoding: chunked\r\nContent-Encoding: gzip\r\n\r\n",
        ),
        chunked,
      ]),
    );
    expect(response?.status).toBe(404);
    expect(response?.headers.get("set-cookie")).toEqual(["a=1", "b=2"]);
    expect(response?.body.toString("utf8")).toBe("привет");
  });

  it("returns null for anything that is not an HTTP response", () => {
    expect(parseResponse(latin1(""))).toBeNull();
    expect(parseResponse(latin1("garbage\r\n\r\n"))).toBeNull();
  });
});

describe("exchange", () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    server = createServer((request, response) => response.end(`${request.method} ${request.url}`));
    server.headersTimeout = 500;
    server.requestTimeout = 500;
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("reads the answer until the server closes", async () => {
    const result = await exchange({
      port,
      payload: latin1("GET /%D0%BF HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"),
      timeoutMilliseconds: 5_000,
    });
    expect(result.closedByServer).toBe(true);
    expect(result.response?.status).toBe(200);
    expect(result.response?.body.toString("utf8")).toBe("GET /%D0%BF");
  });

  it("sends raw UTF-8 in the request line, which Node's parser itself refuses", async () => {
    const result = await exchange({
      port,
      payload: latin1(`GET /${utf8Bytes("п")} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`),
      timeoutMilliseconds: 5_000,
    });
    expect(result.response?.status).toBe(400);
  });

  it("gives up on a server that keeps the connection open", async () => {
    const result = await exchange({ port, payload: latin1("GET / HTTP/1.1\r\nHost: x\r\n\r\n"), timeoutMilliseconds: 200 });
    expect(result.response?.status).toBe(200);
    expect(result.closedByServer).toBe(false);
    expect(result.error).toMatch(/no close/);
  });
});
