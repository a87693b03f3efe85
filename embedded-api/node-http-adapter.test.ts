// The node:http adapter: the standalone server answers like the in-process handler.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmbeddedApi, type EmbeddedApi } from "./index";
import { startStandaloneServer, type RunningServer } from "./node-http-adapter";

let api: EmbeddedApi;
let running: RunningServer;
let base = "";

beforeAll(async () => {
  api = createEmbeddedApi({ dbPath: ":memory:", seed: { releases: 20 } });
  running = await startStandaloneServer(api.handle, 0, "127.0.0.1");
  base = `http://127.0.0.1:${running.port}`;
});

afterAll(async () => {
  await running.close();
  api.close();
});

describe("standalone server", () => {
  it("serves JSON with links on its own origin", async () => {
    const response = await fetch(`${base}/api/v1/anime/catalog/releases?f%5Btypes%5D=TV&limit=2&page=1`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { meta: { pagination: { links: { next: string | null } } } };
    expect(body.meta.pagination.links.next ?? base).toMatch(new RegExp(`^${base}/api/v1/`));
  });

  it("passes bodies, the client address and byte ranges through", async () => {
    const login = await fetch(`${base}/api/v1/accounts/users/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ login: "demo", password: "demo-password" }),
    });
    expect(login.status).toBe(200);
    const location = (await (await fetch(`${base}/api/v1/accounts/users/location`)).json()) as { ip: string };
    expect(location.ip).toMatch(/127\.0\.0\.1/);
    const range = await fetch(`${base}/storage/video/demo/720/index.m3u8`, { headers: { range: "bytes=0-6" } });
    expect(range.status).toBe(206);
    expect(await range.text()).toBe("#EXTM3U");
    const head = await fetch(`${base}/storage/posters/01/preview.jpg`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get("content-length"))).toBeGreaterThan(1000);
  });
});
