import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embeddedMedia, type EmbeddedMediaHandler } from "./embedded-media";

describe("the embedded media middleware", () => {
  let server: Server;
  let baseUrl: string;
  const seen: Request[] = [];

  const handler: EmbeddedMediaHandler = async (request) => {
    seen.push(request);
    const path = new URL(request.url).pathname;
    if (path === "/storage/remote") return null;
    if (path === "/storage/missing.jpg") return Response.json({ message: "Файл не найден" }, { status: 404 });
    if (path === "/storage/broken.jpg") throw new Error("disk gone");
    const range = request.headers.get("range");
    return new Response(range ? "ost" : "poster", {
      status: range ? 206 : 200,
      headers: { "content-type": "image/jpeg", "cache-control": "public, max-age=31536000, immutable", etag: '"1"' },
    });
  };

  beforeAll(async () => {
    const app = express();
    app.use("/storage", embeddedMedia(handler));
    app.all("*", (request, response) => response.status(299).send(`remix ${request.method} ${request.originalUrl}`));
    app.use((_error: unknown, _request: express.Request, response: express.Response, _next: express.NextFunction) => {
      response.status(500).send("error handler");
    });
    server = createServer(app).listen(0, "127.0.0.1");
    await once(server, "listening");
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("answers with the handler's status, headers and body, and the full /storage path", async () => {
    const response = await fetch(`${baseUrl}/storage/posters/1/preview.jpg?v=2`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await response.text()).toBe("poster");
    expect(new URL(seen.at(-1)!.url).pathname + new URL(seen.at(-1)!.url).search).toBe("/storage/posters/1/preview.jpg?v=2");
  });

  it("passes byte ranges and revalidation, and nothing else (no cookies)", async () => {
    const response = await fetch(`${baseUrl}/storage/videos/1.ts`, {
      headers: { range: "bytes=1-3", "if-none-match": '"0"', cookie: "__session=secret" },
    });
    expect(response.status).toBe(206);
    expect(await response.text()).toBe("ost");
    const forwarded = seen.at(-1)!.headers;
    expect(forwarded.get("range")).toBe("bytes=1-3");
    expect(forwarded.get("if-none-match")).toBe('"0"');
    expect(forwarded.get("cookie")).toBeNull();
  });

  it("sends no body to HEAD", async () => {
    const response = await fetch(`${baseUrl}/storage/posters/1/preview.jpg`, { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("");
  });

  it("keeps the handler's 404", async () => {
    const response = await fetch(`${baseUrl}/storage/missing.jpg`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: "Файл не найден" });
  });

  it("leaves other methods, and a remote upstream's paths, to the routes", async () => {
    const posted = await fetch(`${baseUrl}/storage/posters/1/preview.jpg`, { method: "POST" });
    expect(posted.status).toBe(299);
    expect(await posted.text()).toBe("remix POST /storage/posters/1/preview.jpg");
    const remote = await fetch(`${baseUrl}/storage/remote`);
    expect(remote.status).toBe(299);
  });

  it("hands a failure to the error handler", async () => {
    const response = await fetch(`${baseUrl}/storage/broken.jpg`);
    expect(response.status).toBe(500);
    expect(await response.text()).toBe("error handler");
  });
});
