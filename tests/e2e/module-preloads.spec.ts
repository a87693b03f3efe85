// The player's <head> asks for hls.js and its early engine while the HTML is parsed, with the CSP nonce (decision
// 0226); the page's other modules come once the episode's first frame is there (decision 0235). Other pages are whole
// without JavaScript and ask for it once they have been painted (decision 0234).
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from "@playwright/test";
import { findPlayableRelease, withoutPreRoll } from "./player-helpers";

type FetchedModule = { href: string; fetchedBy: string; bytes: number };

/** Each module the <head> asks for, and what fetched it: "other" is a link, "script" the page's own import. */
function headModulePreloads(page: Page): Promise<FetchedModule[]> {
  return page.evaluate(() => {
    const entries = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
    return [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => {
      const fetched = entries.find((entry) => entry.name === link.href && entry.decodedBodySize > 0);
      return { href: link.href, fetchedBy: fetched?.initiatorType ?? "nothing", bytes: fetched?.decodedBodySize ?? 0 };
    });
  });
}

/** When the page heard that its early start was over (ms since navigation), and the requests for the master playlist. */
async function recordEarlyStart(page: Page): Promise<string[]> {
  await page.addInitScript(() => {
    addEventListener("player:early-start-settled", () => ((window as { settledAt?: number }).settledAt = performance.now()), {
      once: true,
    });
  });
  const masterRequests: string[] = [];
  page.on("request", (request) => /\/master\.m3u8$/.test(request.url()) && masterRequests.push(request.url()));
  return masterRequests;
}

/** A playable episode's page, its pre-roll out of the way: the episode starts as soon as it can. */
async function firstEpisodeWithoutPreRoll(context: BrowserContext, request: APIRequestContext): Promise<string> {
  await withoutPreRoll(context);
  const release = await findPlayableRelease(request);
  return `/anime/video/episode/${release.episodes[0]!.id}`;
}

test(
  "the player starts the episode with hls.js and its early engine alone, then hydrates and adopts that stream",
  { tag: "@js-only" },
  async ({ page, context, request }) => {
    const url = await firstEpisodeWithoutPreRoll(context, request);
    const html = await (await request.get(url)).text();
    const head = html.slice(0, html.indexOf("</head>"));
    const headLinks = [...head.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map(([, href]) => href!);
    expect(headLinks.some((href) => /^\/assets\/hls\.light-/.test(href))).toBe(true);
    expect(headLinks.some((href) => /^\/assets\/player-early-engine-/.test(href))).toBe(true);
    expect(headLinks.some((href) => /^\/assets\/entry\.client-/.test(href))).toBe(false);

    const masterRequests = await recordEarlyStart(page);
    await page.goto(url);
    await expect(page.locator('[data-player-engine="hls.js"]')).toBeVisible();
    const fetched = await headModulePreloads(page);
    for (const href of headLinks)
      expect(
        fetched.find((module) => module.href.endsWith(href)),
        href,
      ).toMatchObject({ fetchedBy: "other" });

    const { settledAt, entryRequestedAt } = await page.evaluate(() => ({
      settledAt: (window as { settledAt?: number }).settledAt ?? null,
      entryRequestedAt: (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).find((entry) =>
        /\/assets\/entry\.client-/.test(entry.name),
      )?.startTime,
    }));
    expect(settledAt).not.toBeNull();
    expect(entryRequestedAt).toBeGreaterThanOrEqual(settledAt ?? Infinity);
    // One stream: the player took the early engine's instead of loading the playlist again.
    expect(masterRequests).toHaveLength(1);
  },
);

test(
  "a viewer who chose 720p gets it from the early start, and the player adopts that stream",
  { tag: "@js-only" },
  async ({ page, context, request }) => {
    const url = await firstEpisodeWithoutPreRoll(context, request);
    await context.addInitScript(() => window.localStorage.setItem("player:settings:v1", JSON.stringify({ quality: "720" })));
    const playlists: string[] = [];
    page.on("request", (request) => /\.m3u8$/.test(request.url()) && playlists.push(new URL(request.url()).pathname));
    await page.goto(url);
    await expect(page.locator('[data-player-engine="hls.js"]')).toHaveAttribute("data-rendition", "720");
    // The master playlist once: the player did not start a second stream for the remembered quality.
    expect(playlists.filter((path) => path.endsWith("/master.m3u8"))).toHaveLength(1);
  },
);

test(
  "a first segment slow to come does not keep the page from hydrating past 3 s, and the player still adopts the stream",
  { tag: "@js-only" },
  async ({ page, context, request }) => {
    const url = await firstEpisodeWithoutPreRoll(context, request);
    await page.route(/\/segment-000\.ts$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      await route.continue().catch(() => undefined);
    });
    const masterRequests = await recordEarlyStart(page);
    await page.goto(url);
    await expect(page.locator('[data-player-engine="hls.js"]')).toBeVisible({ timeout: 5_000 });
    expect(await page.evaluate(() => (window as { settledAt?: number }).settledAt ?? null)).toBeNull();
    await expect(page.locator("video[data-episode-video]")).toHaveJSProperty("readyState", 4, { timeout: 15_000 });
    expect(masterRequests).toHaveLength(1);
  },
);

test(
  "a catalogue page asks for its modules only once it has been painted, and then hydrates",
  { tag: "@js-only" },
  async ({ page, request }) => {
    const html = await (await request.get("/anime/catalog/")).text();
    expect(html).not.toContain('rel="modulepreload"');

    await page.goto("/anime/catalog/");
    await page.waitForFunction(() => "__remixRouter" in window);
    const { firstContentfulPaint, modules } = await page.evaluate(() => ({
      firstContentfulPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
      modules: (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
        .filter((entry) => /\/assets\/.+\.js$/.test(entry.name) && entry.decodedBodySize > 0)
        .map((entry) => ({ href: entry.name, requestedAt: entry.startTime })),
    }));
    expect(firstContentfulPaint).not.toBeNull();
    const entry = modules.find((module) => /\/assets\/entry\.client-/.test(module.href));
    expect(entry).toBeDefined();
    for (const module of modules) expect(module.requestedAt, module.href).toBeGreaterThan(firstContentfulPaint ?? Infinity);
    // Compiled while it downloads (decision 0243): V8's hint must open the file.
    expect((await (await request.get(entry!.href)).text()).startsWith("//# allFunctionsCalledOnLoad\n")).toBe(true);
  },
);
