import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listen, rawRequest } from "../tests/support/raw-http";
import { rejectUnparsableAddresses, requestOriginOf } from "./request-origin";

type Server = Awaited<ReturnType<typeof listen>>;

async function start(trustProxy: number): Promise<Server> {
  const app = express();
  app.set("trust proxy", trustProxy);
  app.use(rejectUnparsableAddresses);
  app.all("*", (request, response) => {
    response.type("text").send(`${requestOriginOf(request)} ${request.get("x-forwarded-host") ?? "-"}`);
  });
  return listen(app);
}

describe("rejectUnparsableAddresses", () => {
  let direct: Server;
  let behindProxy: Server;

  beforeAll(async () => {
    direct = await start(0);
    behindProxy = await start(1);
  });
  afterAll(() => [direct, behindProxy].forEach((server) => server.close()));

  it("answers 400 to a Host that makes no URL instead of letting Remix throw", async () => {
    for (const host of ["[::1", "localhost:80:80", "a b"]) {
      const answer = await rawRequest(direct.port, "/", { headers: { Host: host } });
      expect(answer.status, host).toBe(400);
      expect(answer.body).toBe("Некорректный запрос.");
    }
  });

  it("answers 400 to a Host with user-info, a path, a query or a fragment, before any route sees it", async () => {
    for (const host of [
      "127.0.0.1:x@127.0.0.1",
      "user@localhost",
      "localhost/admin",
      "localhost?x=1",
      "localhost#top",
      "localhost:3000\\x",
    ]) {
      const answer = await rawRequest(direct.port, "/anime/catalog", { headers: { Host: host } });
      expect(answer.status, host).toBe(400);
      expect(answer.body).toBe("Некорректный запрос.");
    }
    const forwarded = await rawRequest(behindProxy.port, "/", { headers: { Host: "app:3000", "X-Forwarded-Host": "a@anilibria.example" } });
    expect(forwarded.status).toBe(400);
    for (const host of ["localhost", "127.0.0.1:3000", "[::1]:3000", "anilibria.example", "my_host.local:80"]) {
      expect((await rawRequest(direct.port, "/", { headers: { Host: host } })).status, host).toBe(200);
    }
  });

  it("answers 400 to the asterisk target and to a forwarded protocol other than http(s)", async () => {
    expect((await rawRequest(direct.port, "*", { method: "OPTIONS" })).status).toBe(400);
    expect((await rawRequest(behindProxy.port, "/", { headers: { "X-Forwarded-Proto": "gopher" } })).status).toBe(400);
    expect((await rawRequest(behindProxy.port, "/", { headers: { "X-Forwarded-Proto": "https" } })).status).toBe(200);
  });

  it("drops X-Forwarded-Host unless a trusted proxy sent it, so the origin is the Host's", async () => {
    const direct_ = await rawRequest(direct.port, "/", { headers: { Host: "localhost:3000", "X-Forwarded-Host": "evil.example" } });
    expect(direct_.body).toBe("http://localhost:3000 -");
    const proxied = await rawRequest(behindProxy.port, "/", {
      headers: { Host: "app:3000", "X-Forwarded-Host": "anilibria.example, other" },
    });
    expect(proxied.body).toBe("http://anilibria.example anilibria.example, other");
  });
});
