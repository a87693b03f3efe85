// Mirrors in the browser (decisions 0210, 0213): the built app with two API hosts and two media hosts in front of
// one embedded API. The first API host is down: pages still browse. The first media host answers 500 to every
// playlist and segment: the episode still plays, from the second host.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, request as playwrightRequest, test } from "@playwright/test";
import { startServer } from "../../scripts/lib/server.mjs";
import { startEmbeddedApiProcess, type EmbeddedApiProcess } from "../support/embedded-api-process";
import { forwardTo, startHost, type Host } from "../support/forwarding-host";
import { freePort } from "../support/real-servers";
import { expectPlayingPast, findPlayableRelease, withoutPreRoll, type DemoRelease } from "./player-helpers";

let directory: string;
let api: EmbeddedApiProcess;
let app: Awaited<ReturnType<typeof startServer>>;
let firstMedia: Host;
let secondMedia: Host;
const hosts: Host[] = [];
let release: DemoRelease;

async function startTestHost(handle: Parameters<typeof startHost>[0]): Promise<Host> {
  const host = await startHost(handle);
  hosts.push(host);
  return host;
}

/** Passes the request to the embedded API, telling it it was reached as `asHost` (where it then says the media is). */
const toApi = (asHost: () => string) => forwardTo(() => api.origin, { asHost });

test.describe.configure({ mode: "serial", timeout: 60_000 });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  directory = mkdtempSync(path.join(tmpdir(), "e2e-mirrors-"));
  api = await startEmbeddedApiProcess({ port: await freePort(), dbPath: path.join(directory, "api.sqlite") });
  firstMedia = await startTestHost((_request, response) => {
    response.writeHead(500, { "content-type": "text/plain", "access-control-allow-origin": "*" });
    response.end("cache node failure");
  });
  secondMedia = await startTestHost(toApi(() => new URL(api.origin).host));
  // The API names its media on the first media host, as the live one names one of its cache hosts.
  const mediaHost = () => new URL(firstMedia.origin).host;
  const downApiPort = await freePort();
  const liveApi = await startTestHost(toApi(mediaHost));
  app = await startServer({
    port: await freePort(),
    env: {
      UPSTREAM_URL: `http://127.0.0.1:${downApiPort}/api/v1, ${liveApi.origin}/api/v1`,
      UPSTREAM_MEDIA_URL: `${firstMedia.origin},${secondMedia.origin}`,
      PAGE_CACHE_SECONDS: "0",
    },
  });
  const apiRequest = await playwrightRequest.newContext({ baseURL: api.origin });
  release = await findPlayableRelease(apiRequest);
  await apiRequest.dispose();
});

test.afterAll(async () => {
  await app?.stop();
  for (const host of hosts.splice(0)) await host.close();
  await api?.stop();
  if (directory) rmSync(directory, { recursive: true, force: true });
});

// JavaScript only: what is checked is the server's answer (status, the server-rendered heading, /healthz, playlists),
// which a page with JavaScript gets as well; a second project would start this file's servers a second time (decision 0267).
test("pages browse while the first API host is down, and /healthz says which host is", { tag: "@js-only" }, async ({ page }) => {
  for (const [url, heading] of [
    ["/", null],
    ["/anime/catalog/", "Каталог аниме"],
    [`/anime/releases/release/${release.alias}`, release.title],
  ] as const) {
    const response = await page.goto(`${app.baseUrl}${url}`);
    expect(response?.status(), url).toBe(200);
    if (heading) await expect(page.getByRole("heading", { level: 1 })).toContainText(heading);
  }
  const health = (await (await page.request.get(`${app.baseUrl}/healthz`)).json()) as {
    status: string;
    upstream: { hosts: { state: string }[] };
    media: { hosts: { url: string; ok: boolean }[] };
  };
  expect(health.status).toBe("ok");
  expect(health.upstream.hosts.map((host) => host.state)).toEqual(["down", "up"]);
  expect(health.media.hosts.map((host) => host.url)).toEqual([firstMedia.origin, secondMedia.origin]);

  // The browser's own HLS moves to `?mirror=N`: the renditions on that host; a host that does not exist is a 404.
  const master = `${app.baseUrl}/anime/video/episode/${release.episodes[0]!.id}/master.m3u8`;
  const onSecond = await page.request.get(`${master}?mirror=1`);
  expect(await onSecond.text()).toContain(`${secondMedia.origin}/storage/`);
  expect(await (await page.request.get(master)).text()).toContain(`${firstMedia.origin}/storage/`);
  for (const mirror of ["2", "-1", "x"]) expect((await page.request.get(`${master}?mirror=${mirror}`)).status()).toBe(404);
});

test(
  "an episode plays from the second media host when the first fails its playlists and segments",
  { tag: "@js-only" },
  async ({ page, context }) => {
    await withoutPreRoll(context);
    await page.goto(`${app.baseUrl}/anime/video/episode/${release.episodes[0]!.id}`);
    await expectPlayingPast(page, 1);
    const playlist = firstMedia.log.find((url) => url.endsWith(".m3u8"));
    expect(playlist, "the first media host was asked for a playlist").toBeDefined();
    expect(secondMedia.log).toContain(playlist);
    expect(secondMedia.log.some((url) => /\.(ts|m4s|mp4)(\?|$)/.test(url))).toBe(true);
  },
);
