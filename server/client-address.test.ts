// The client address Express derives under each TRUST_PROXY setting: what the rate limit keys on.
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "../app/.server/env.server";
import { listen, rawRequest } from "../tests/support/raw-http";

type Server = Awaited<ReturnType<typeof listen>>;
const servers = new Map<string, Server>();

beforeAll(async () => {
  for (const setting of ["false", "true", "2", "loopback", "10.0.0.0/8"]) {
    const app = express();
    app.set("trust proxy", parseEnv({ TRUST_PROXY: setting }).TRUST_PROXY);
    app.get("/", (request, response) => {
      response.type("text").send(request.ip);
    });
    servers.set(setting, await listen(app));
  }
});

afterAll(() => servers.forEach((server) => server.close()));

async function clientIp(setting: string, forwardedFor?: string): Promise<string> {
  const server = servers.get(setting) as Server;
  return (await rawRequest(server.port, "/", { headers: forwardedFor ? { "X-Forwarded-For": forwardedFor } : {} })).body;
}

describe("the client address behind proxies", () => {
  it("is the socket's when no proxy is trusted", async () => {
    expect(await clientIp("false", "203.0.113.9")).toBe("127.0.0.1");
  });

  it("is read from the right with one hop (true): a client's own entries on the left change nothing", async () => {
    expect(await clientIp("true", "198.51.100.1")).toBe("198.51.100.1");
    for (const spoofed of ["10.0.0.1", "10.0.0.2", "192.0.2.77"]) {
      expect(await clientIp("true", `${spoofed}, 198.51.100.1`)).toBe("198.51.100.1");
    }
  });

  it("skips as many entries as there are trusted hops", async () => {
    expect(await clientIp("2", "10.0.0.1, 198.51.100.1, 172.16.0.5")).toBe("198.51.100.1");
  });

  it("skips the trusted proxies' addresses when they are listed", async () => {
    // The socket is loopback, so with "loopback" the right-most non-loopback entry is the client.
    expect(await clientIp("loopback", "10.0.0.1, 198.51.100.1, 127.0.0.1")).toBe("198.51.100.1");
    // 127.0.0.1 (our socket) is not in 10.0.0.0/8: the header is not believed at all.
    expect(await clientIp("10.0.0.0/8", "198.51.100.1")).toBe("127.0.0.1");
  });
});
