import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listen, rawRequest } from "../tests/support/raw-http";
import { failuresAreNotStored } from "./failure-headers";

const PUBLIC = "public, max-age=0, s-maxage=60, stale-while-revalidate=600";
let server: Awaited<ReturnType<typeof listen>>;

beforeAll(async () => {
  const app = express();
  app.use(failuresAreNotStored);
  // Each answer is marked public, as the root's headers mark a visitor's page.
  app.get("/status/:code", (request, response) => {
    if (request.query.retry) response.setHeader("Retry-After", String(request.query.retry));
    response.status(Number(request.params.code)).setHeader("Cache-Control", PUBLIC);
    response.type("html").send("<p>answer</p>");
  });
  app.get("/handed", (_request, response) => {
    response.writeHead(404, { "Cache-Control": PUBLIC, "Content-Type": "text/plain" }).end("gone");
  });
  server = await listen(app);
});

afterAll(() => server.close());

describe("failuresAreNotStored", () => {
  it("leaves a successful answer's caching alone", async () => {
    expect((await rawRequest(server.port, "/status/200")).headers["cache-control"]).toBe(PUBLIC);
  });

  it("turns a public 404, 500, 502 or 503 into no-store, so no CDN serves an outage", async () => {
    for (const code of [404, 500, 502, 503]) {
      const answer = await rawRequest(server.port, `/status/${code}`);
      expect(answer.status).toBe(code);
      expect(answer.headers["cache-control"]).toBe("private, no-store");
    }
  });

  it("also when the headers are handed to writeHead itself", async () => {
    const answer = await rawRequest(server.port, "/handed");
    expect(answer.status).toBe(404);
    expect(answer.headers["cache-control"]).toBe("private, no-store");
    expect(answer.headers["content-type"]).toBe("text/plain");
  });

  it("gives a 429 or 503 without Retry-After the default, and keeps one the app chose", async () => {
    expect((await rawRequest(server.port, "/status/503")).headers["retry-after"]).toBe("30");
    expect((await rawRequest(server.port, "/status/429")).headers["retry-after"]).toBe("30");
    expect((await rawRequest(server.port, "/status/429?retry=17")).headers["retry-after"]).toBe("17");
    expect((await rawRequest(server.port, "/status/404")).headers["retry-after"]).toBeUndefined();
  });
});
