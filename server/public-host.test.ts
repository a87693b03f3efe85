import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOOPBACK_HOSTS } from "../app/.server/env.server";
import { listen, rawRequest } from "../tests/support/raw-http";
import { rejectUnknownHosts, strictTransportSecurity } from "./public-host";

type Server = Awaited<ReturnType<typeof listen>>;

async function start(options: { allowedHosts: readonly string[] | null; trustProxy: number; siteIsHttps?: boolean }): Promise<Server> {
  const app = express();
  app.set("trust proxy", options.trustProxy);
  app.use(strictTransportSecurity({ enabled: true, siteIsHttps: options.siteIsHttps ?? false }));
  app.use(rejectUnknownHosts(options.allowedHosts));
  app.get(["/", "/healthz"], (request, response) => {
    response.type("text").send(`${request.protocol}://${request.hostname}`);
  });
  return listen(app);
}

describe("rejectUnknownHosts", () => {
  let loopbackOnly: Server;
  let configured: Server;
  let anyHost: Server;

  beforeAll(async () => {
    loopbackOnly = await start({ allowedHosts: LOOPBACK_HOSTS, trustProxy: 0 });
    configured = await start({ allowedHosts: ["anilibria.example", "www.anilibria.example"], trustProxy: 1 });
    anyHost = await start({ allowedHosts: null, trustProxy: 0 });
  });

  afterAll(() => [loopbackOnly, configured, anyHost].forEach((server) => server.close()));

  it("answers 421 with a Russian message to a Host it was not configured for", async () => {
    const answer = await rawRequest(loopbackOnly.port, "/", { headers: { Host: "evil.example" } });
    expect(answer.status).toBe(421);
    expect(answer.body).toBe("Этот сервер не обслуживает запрошенный адрес сайта.");
  });

  it("serves localhost, 127.0.0.1 and [::1] on any port by default", async () => {
    for (const host of ["localhost:3000", "127.0.0.1:4189", "[::1]:3000", "LocalHost"]) {
      expect((await rawRequest(loopbackOnly.port, "/", { headers: { Host: host } })).status).toBe(200);
    }
  });

  it("lets health checks name any host (orchestrators probe the container's IP)", async () => {
    expect((await rawRequest(loopbackOnly.port, "/healthz", { headers: { Host: "10.1.2.3:3000" } })).status).toBe(200);
  });

  it("checks the host a trusted proxy forwards, and the Host header when the proxy is not trusted", async () => {
    expect(
      (await rawRequest(configured.port, "/", { headers: { Host: "internal:3000", "X-Forwarded-Host": "www.anilibria.example" } })).body,
    ).toBe("http://www.anilibria.example");
    expect(
      (await rawRequest(configured.port, "/", { headers: { Host: "anilibria.example", "X-Forwarded-Host": "evil.example" } })).status,
    ).toBe(421);
    expect((await rawRequest(loopbackOnly.port, "/", { headers: { Host: "localhost", "X-Forwarded-Host": "evil.example" } })).body).toBe(
      "http://localhost",
    );
  });

  it("lets every host in when there is no list (development)", async () => {
    expect((await rawRequest(anyHost.port, "/", { headers: { Host: "evil.example" } })).status).toBe(200);
  });
});

describe("strictTransportSecurity", () => {
  let behindProxy: Server;
  let httpsSite: Server;

  beforeAll(async () => {
    behindProxy = await start({ allowedHosts: null, trustProxy: 1 });
    httpsSite = await start({ allowedHosts: null, trustProxy: 0, siteIsHttps: true });
  });

  afterAll(() => [behindProxy, httpsSite].forEach((server) => server.close()));

  it("is sent when the visitor came over HTTPS, never over plain HTTP", async () => {
    expect(
      (await rawRequest(behindProxy.port, "/", { headers: { "X-Forwarded-Proto": "https" } })).headers["strict-transport-security"],
    ).toBe("max-age=31536000");
    expect((await rawRequest(behindProxy.port, "/")).headers["strict-transport-security"]).toBeUndefined();
  });

  it("is sent on every answer of a site whose SITE_URL is https (a TLS proxy in front)", async () => {
    expect((await rawRequest(httpsSite.port, "/")).headers["strict-transport-security"]).toBe("max-age=31536000");
  });
});
