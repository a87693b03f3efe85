import { once } from "node:events";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressedAssets, preferredEncoding } from "./precompressed-assets";

describe("preferredEncoding", () => {
  const all = () => true;
  it("prefers Brotli, then gzip, among what the browser accepts and the build has", () => {
    expect(preferredEncoding("gzip, deflate, br, zstd", all)?.name).toBe("br");
    expect(preferredEncoding("gzip", all)?.name).toBe("gzip");
    expect(preferredEncoding("br;q=0, gzip", all)?.name).toBe("gzip");
    expect(preferredEncoding("*", all)?.name).toBe("br");
    expect(preferredEncoding("gzip, br", (extension) => extension === ".gz")?.name).toBe("gzip");
    expect(preferredEncoding(undefined, all)).toBeNull();
    expect(preferredEncoding("identity", all)).toBeNull();
  });
});

describe("the precompressed assets middleware", () => {
  let server: Server;
  let port: number;

  beforeAll(async () => {
    const directory = mkdtempSync(path.join(tmpdir(), "assets-"));
    writeFileSync(path.join(directory, "app-1.js"), "plain");
    writeFileSync(path.join(directory, "app-1.js.br"), "brotli");
    writeFileSync(path.join(directory, "app-1.js.gz"), "gzip");
    writeFileSync(path.join(directory, "small-1.js"), "small");
    const app = express();
    app.use(compression());
    app.use("/assets", precompressedAssets(directory), express.static(directory, { immutable: true, maxAge: "1y" }));
    server = createServer(app).listen(0, "127.0.0.1");
    await once(server, "listening");
    port = (server.address() as AddressInfo).port;
  });

  afterAll(() => server.close());

  // node:http, not fetch: fetch would decode the body and hide what was sent.
  function get(file: string, acceptEncoding: string) {
    return new Promise<{ headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
      httpRequest({ port, host: "127.0.0.1", path: `/assets/${file}`, headers: { "accept-encoding": acceptEncoding } }, (response) => {
        let body = "";
        response.on("data", (chunk: Buffer) => (body += chunk.toString()));
        response.on("end", () => resolve({ headers: response.headers, body }));
      })
        .on("error", reject)
        .end();
    });
  }

  it("sends the Brotli copy with the script's type, once, and keeps it immutable", async () => {
    const answer = await get("app-1.js", "gzip, br");
    expect(answer.body).toBe("brotli");
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(answer.headers["cache-control"]).toContain("immutable");
    expect(answer.headers.vary).toContain("Accept-Encoding");
  });

  it("falls back to gzip, then to the plain file", async () => {
    expect((await get("app-1.js", "gzip")).body).toBe("gzip");
    const plain = await get("small-1.js", "identity");
    expect(plain.body).toBe("small");
    expect(plain.headers["content-encoding"]).toBeUndefined();
  });
});
