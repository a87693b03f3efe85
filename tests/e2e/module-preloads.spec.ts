// The player's modules and hls.js are fetched by the links in its <head> while the HTML is parsed; those links
// carry the CSP nonce (decision 0226). Other pages are whole without JavaScript and ask for it once they have been
// painted (decision 0234).
import { expect, test, type Page } from "@playwright/test";
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

test("the player page's modules and hls.js are fetched by its <head> links", { tag: "@js-only" }, async ({ page, context, request }) => {
  await withoutPreRoll(context);
  const release = await findPlayableRelease(request);
  await page.goto(`/anime/video/episode/${release.episodes[0]!.id}`);
  await page.waitForLoadState("load");
  const modules = await headModulePreloads(page);
  expect(modules.some((module) => /\/assets\/entry\.client-/.test(module.href))).toBe(true);
  expect(modules.some((module) => /\/assets\/hls\.light-/.test(module.href))).toBe(true);
  for (const module of modules) expect(module, module.href).toMatchObject({ fetchedBy: "other" });
});

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
    expect(modules.some((module) => /\/assets\/entry\.client-/.test(module.href))).toBe(true);
    for (const module of modules) expect(module.requestedAt, module.href).toBeGreaterThan(firstContentfulPaint ?? Infinity);
  },
);
