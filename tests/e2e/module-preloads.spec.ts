// The player's modules and hls.js are fetched by the links in its <head> while the HTML is parsed; those links
// carry the CSP nonce, without which the browser fetches nothing under 'strict-dynamic'. Other pages write no such
// links: they are whole without JavaScript and load it after the HTML (decision 0226).
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

test("a catalogue page writes no module preloads of its own", { tag: "@js-only" }, async ({ page }) => {
  await page.goto("/anime/catalog/");
  expect(await headModulePreloads(page)).toEqual([]);
});
