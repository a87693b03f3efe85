// Low-data mode in Chromium (decision 0288), turned on by the Save-Data header, by the switch in the settings and by
// `navigator.connection.saveData`: the player at 480p saying so, the episode's size before it starts and nothing of
// the stream before then, thumbnails for posters, no prefetching; the layouts at a phone's and a desktop's width.
// What needs no browser (Vary, the page cache, the preloads, the form without JavaScript) is in tests/pages/low-data.test.ts.
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { collectLayoutViolations } from "../support/layout";
import { createSignedInAccount, useOwnClientAddress } from "./auth-helpers";
import { waitForHydration } from "./hydration";
import { expectPlayingPast, findPlayableRelease, withoutPreRoll, type DemoRelease } from "./player-helpers";

const STREAM_FILE = /\.(m3u8|ts|m4s)(\?|$)/;
const LARGER_POSTER = /\/preview\.(webp|jpg)/;

let release: DemoRelease;

test.beforeAll(async ({ request }) => {
  release = await findPlayableRelease(request);
});

test.beforeEach(({ context }) => withoutPreRoll(context));

const episodeUrl = () => `/anime/video/episode/${release.episodes[0]!.id}`;

/** The addresses of the stream's files the page asks for from now on. */
function streamRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    if (STREAM_FILE.test(new URL(request.url()).pathname)) seen.push(request.url());
  });
  return seen;
}

async function pictureAddresses(page: Page): Promise<string> {
  return (
    await page
      .locator("picture source, picture img")
      .evaluateAll((elements) => elements.map((element) => `${element.getAttribute("src") ?? ""} ${element.getAttribute("srcset") ?? ""}`))
  ).join(" ");
}

async function expectThumbnailPosters(page: Page): Promise<void> {
  await page.goto("/");
  await waitForHydration(page);
  await expect(page.locator("picture img").first()).toBeVisible();
  await expect.poll(() => pictureAddresses(page)).not.toMatch(LARGER_POSTER);
  expect(await pictureAddresses(page)).toMatch(/\/thumbnail\.(webp|jpg)/);
}

/** Hovers the first release card's title: Remix's prefetch would add `<link rel="prefetch">` for its page. */
async function prefetchLinksAfterHover(page: Page): Promise<number> {
  await page.goto("/");
  await waitForHydration(page);
  const link = page.locator('a[href^="/anime/releases/release/"]').filter({ hasText: /\S/ }).first();
  await link.scrollIntoViewIfNeeded();
  await link.hover();
  // Longer than the intent delay (100 ms) with room for a busy machine; the count is the assertion, not the time.
  await page.waitForTimeout(1_000);
  return page.locator('link[rel="prefetch"]').count();
}

/** What the server's HTML preloads of the stream (none once it knows of the mode: tests/pages/low-data.test.ts). */
function serverPreloads(page: Page): Promise<string[]> {
  return page.locator('link[rel="preload"][as="fetch"]').evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
}

/**
 * The player before its start: the cap's line and the size, and no file of the stream asked for by the page's code
 * (the early start, the engine). With the browser's signal alone the server has sent its preloads already.
 */
async function expectHeldPlayer(page: Page, requests: string[]): Promise<void> {
  await page.goto(episodeUrl());
  await waitForHydration(page);
  const notice = page.locator("[data-low-data-notice]");
  await expect(notice).toContainText("Экономия трафика: качество до 480p");
  await expect(notice.locator("[data-episode-size]")).toHaveText(/^Примерный размер серии: ≈ [\d,]+ [КМ]Б в 480p$/);
  await expect(page.getByRole("button", { name: "Смотреть" }).first()).toBeVisible();
  const preloaded = await serverPreloads(page);
  expect(
    requests.filter((url) => !preloaded.includes(url)),
    "nothing of the stream before play",
  ).toEqual([]);
}

/** Plays at 480p on a press of play, and only 480p's files come. */
async function expectCappedPlayback(page: Page, requests: string[]): Promise<void> {
  await page.getByRole("button", { name: "Смотреть" }).first().click();
  await expectPlayingPast(page, 0.5);
  await expect(page.locator("[data-rendition]")).toHaveAttribute("data-rendition", "480");
  expect(requests.filter((url) => /\/(720|1080)\//.test(url))).toEqual([]);
  await expect(page.locator("[data-low-data-notice]")).toHaveCount(0);
}

test.describe("by the Save-Data header", () => {
  test.use({ extraHTTPHeaders: { "Save-Data": "on" } });

  test(
    "the player holds the stream, shows the size, plays at 480p and lets the viewer pick higher by hand",
    { tag: "@js-only" },
    async ({ page }) => {
      const requests = streamRequests(page);
      await expectHeldPlayer(page, requests);
      await expectCappedPlayback(page, requests);
      await page.getByRole("button", { name: "Настройки плеера" }).click();
      await expect(page.locator("[data-quality-cap]")).toContainText("не поднимается выше 480p");
      await expect(page.locator("[data-above-cap]")).toHaveText([/^720p.*только вручную$/, /^1080p.*только вручную$/]);
      // The viewer's «Авто» stays theirs, and plays at the cap.
      await expect(page.getByRole("radio", { name: /^Авто/ })).toBeChecked();
      await page.getByRole("radio", { name: /^1080p/ }).check();
      await expect(page.locator("[data-rendition]")).toHaveAttribute("data-rendition", "1080", { timeout: 20_000 });
    },
  );

  test("posters come as thumbnails", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("picture img").first()).toBeVisible();
    const addresses = await pictureAddresses(page);
    expect(addresses).toMatch(/\/thumbnail\.(webp|jpg)/);
    expect(addresses).not.toMatch(LARGER_POSTER);
  });

  test("a hovered link prefetches nothing", { tag: "@js-only" }, async ({ page }) => {
    expect(await prefetchLinksAfterHover(page)).toBe(0);
  });
});

test("without low-data mode a hovered link prefetches its page (what the checks above rule out)", { tag: "@js-only" }, async ({ page }) => {
  expect(await prefetchLinksAfterHover(page)).toBeGreaterThan(0);
});

test("by the switch in the settings", { tag: "@js-only" }, async ({ page, context }) => {
  await useOwnClientAddress(page);
  await createSignedInAccount(page);
  await page.goto("/app/settings/site");
  await waitForHydration(page);
  const toggle = page.getByRole("checkbox", { name: "Экономить трафик" });
  await toggle.check();
  await expect.poll(async () => (await context.cookies()).find((cookie) => cookie.name === "low_data")?.value).toBe("on");
  await expectThumbnailPosters(page);
  expect(await prefetchLinksAfterHover(page)).toBe(0);
  const requests = streamRequests(page);
  await expectHeldPlayer(page, requests);
  await expectCappedPlayback(page, requests);

  await page.goto("/app/settings/site");
  await waitForHydration(page);
  await page.getByRole("checkbox", { name: "Экономить трафик" }).uncheck();
  await expect.poll(async () => (await context.cookies()).some((cookie) => cookie.name === "low_data" && cookie.value !== "")).toBe(false);
});

/** Chromium's data saver as a page sees it, without the header it would also send. */
async function browserSavesData(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => Object.defineProperty(navigator, "connection", { value: { saveData: true }, configurable: true }));
}

test("by navigator.connection.saveData", { tag: "@js-only" }, async ({ page, context }) => {
  await browserSavesData(context);
  const requests = streamRequests(page);
  await expectHeldPlayer(page, requests);
  await expectCappedPlayback(page, requests);
  await expectThumbnailPosters(page);
  expect(await prefetchLinksAfterHover(page)).toBe(0);
});

test.describe("layouts at a phone's and a desktop's width", () => {
  test.use({ extraHTTPHeaders: { "Save-Data": "on" } });

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    test(`the player's notice and quality menu at ${viewport.width} px`, { tag: "@js-only" }, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto(episodeUrl());
      await waitForHydration(page);
      await expect(page.locator("[data-low-data-notice]")).toBeVisible();
      expect(await collectLayoutViolations(page, { waitFrames: true })).toEqual([]);
      await expectNoAxeViolations(page);
      await page.getByRole("button", { name: "Настройки плеера" }).click();
      await expect(page.locator("[data-quality-cap]")).toBeVisible();
      expect(await collectLayoutViolations(page, { waitFrames: true })).toEqual([]);
      await expectNoAxeViolations(page);
    });

    test(`the settings page's switch at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      // The address replaces the context's extra headers: Save-Data goes with it.
      const address = await useOwnClientAddress(page);
      await page.context().setExtraHTTPHeaders({ "X-Forwarded-For": address, "Save-Data": "on" });
      await createSignedInAccount(page);
      await page.goto("/app/settings/site");
      await expect(page.getByRole("checkbox", { name: "Экономить трафик" })).toBeVisible();
      await expect(page.locator("[data-low-data-switch]")).toContainText("Экономию трафика сейчас включил браузер");
      expect(await collectLayoutViolations(page, { waitFrames: test.info().project.use.javaScriptEnabled !== false })).toEqual([]);
    });
  }
});
