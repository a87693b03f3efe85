// Decisions 0255, 0256 and 0265, what a viewer notices, at 360, 390, 768, 1280 and 1440 px: menus beside their buttons, the header's menus
// closing as menus do, a torrents table that fits a phone, no empty ad box, nothing cut on a phone, even confirmation
// answers, a still player without JavaScript and a placeholder for a picture that fails. With E2E_SCREENSHOTS=1 each
// width's menus, tabs, torrents and dialog are kept as pictures (JavaScript on and off) for people to look at.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { KEEP_SCREENSHOTS } from "../support/browser";
import { collectLayoutViolations } from "../support/layout";
import type { TestAccount } from "../support/test-accounts";
import { createSignedInAccount, signIn, useOwnClientAddress } from "./auth-helpers";
import { waitForHydration } from "./hydration";
import { findPlayableRelease } from "./player-helpers";

const WIDTHS = [360, 390, 768, 1280, 1440] as const;
/** Narrower than the product's `sm` (600 px): a phone, where a menu may be a sheet under the thumb. */
const isPhoneWidth = (width: number) => width < 600;
const viewportAt = (width: number) => ({ width, height: isPhoneWidth(width) ? 844 : 900 });
const PHONE = viewportAt(390);
const jsEnabled = () => test.info().project.use.javaScriptEnabled !== false;

// Five widths per test, each a page load or two on a machine shared by several runs.
test.describe.configure({ timeout: 120_000 });

/** A picture of the screen as it stands, kept with the test's output when asked for (`E2E_SCREENSHOTS=1`). */
async function keepScreenshot(page: Page, name: string): Promise<void> {
  if (!KEEP_SCREENSHOTS) return;
  const file = test.info().outputPath(`${name}-${jsEnabled() ? "js" : "no-js"}.png`);
  await page.screenshot({ path: file });
  await test.info().attach(name, { path: file, contentType: "image/png" });
}

/** Every layout violation of the page as it stands, each labelled with where it was seen. */
async function violationsAt(page: Page, label: string, within?: string): Promise<string[]> {
  return (await collectLayoutViolations(page, { within })).map((violation) => `${label}: ${violation}`);
}

type Box = { left: number; right: number; top: number; bottom: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  return locator.evaluate((element) => {
    const { left, right, top, bottom, width, height } = element.getBoundingClientRect();
    return { left, right, top, bottom, width, height };
  });
}

/** How far apart two boxes are, the larger of the two axes (0 when they touch or overlap). */
function apart(a: Box, b: Box): number {
  return Math.max(0, a.left - b.right, b.left - a.right, a.top - b.bottom, b.top - a.bottom);
}

async function firstReleaseAlias(page: Page): Promise<string> {
  const answer = (await (await page.request.get("/api/v1/anime/catalog/releases?limit=1")).json()) as { data: Array<{ alias: string }> };
  const alias = answer.data[0]?.alias;
  if (!alias) throw new Error("the demo catalogue is empty");
  return alias;
}

/**
 * The next width on the same page: the menus closed and the page scrolled back to its top, as it was when it loaded,
 * then resized. A menu is opened afresh at each width, as a person would: an anchored one picks its side when it opens.
 */
async function nextWidth(page: Page, width: number): Promise<void> {
  await page.evaluate(() => {
    for (const menu of document.querySelectorAll("details[open]")) (menu as HTMLDetailsElement).open = false;
    window.scrollTo(0, 0);
  });
  await page.setViewportSize(viewportAt(width));
}

async function openCollectionMenu(page: Page, scope: Locator): Promise<{ button: Box; menu: Box }> {
  // The collection menu: its summary names the release's collection, or «В коллекцию» when it is in none.
  const details = scope.locator("details", { has: page.locator("form button[name='type']") }).first();
  await details.locator("summary").click();
  await expect(details).toHaveAttribute("open", "");
  const menu = details.locator("form");
  await expect(menu).toBeVisible();
  return { button: await boxOf(details.locator("summary")), menu: await boxOf(menu) };
}

test.describe("signed in", () => {
  let account: TestAccount;
  test.beforeEach(async ({ page }) => {
    await useOwnClientAddress(page);
    account = await createSignedInAccount(page);
  });

  test("the collection menu opens beside its button from 768 px up, as a sheet on a phone", async ({ page }) => {
    const alias = await firstReleaseAlias(page);
    const found: string[] = [];
    await page.setViewportSize(viewportAt(WIDTHS[0]));
    await page.goto(`/anime/releases/release/${alias}`);
    if (jsEnabled()) await waitForHydration(page);
    for (const width of WIDTHS) {
      const viewport = viewportAt(width);
      await nextWidth(page, width);
      const { button, menu } = await openCollectionMenu(page, page.locator("main"));
      const where = JSON.stringify({ width, button, menu });
      if (isPhoneWidth(width)) {
        expect(menu.width, `a sheet as wide as the phone, less its margins: ${where}`).toBeGreaterThanOrEqual(width - 48);
        expect(menu.bottom, where).toBeGreaterThan(viewport.height - 32);
      } else {
        expect(apart(button, menu), where).toBeLessThanOrEqual(16);
        // Scrolled with the menu open, the menu keeps to its button.
        await page.mouse.wheel(0, 120);
        const summary = page.locator("main details[open] > summary");
        await expect.poll(() => summary.evaluate((element) => element.getBoundingClientRect().top)).toBeLessThan(button.top - 60);
        const scrolled = { button: await boxOf(summary), menu: await boxOf(page.locator("main details[open] > form")) };
        expect(apart(scrolled.button, scrolled.menu), JSON.stringify({ width, scrolled })).toBeLessThanOrEqual(16);
      }
      expect(menu.right, where).toBeLessThanOrEqual(width);
      found.push(...(await violationsAt(page, `release page @${width}`)));
      await keepScreenshot(page, `collection-menu-release-${width}`);
    }
    expect(found, found.join("\n")).toEqual([]);
  });

  test("on /me/collections/ the menu of the card at the row's end opens beside it, inside the screen", async ({ page }) => {
    const releases = (await (await page.request.get("/api/v1/anime/catalog/releases?limit=6")).json()) as { data: Array<{ id: number }> };
    const origin = new URL(page.url()).origin;
    const added = await page.request.post("/api/v1/accounts/users/me/collections", {
      data: releases.data.map((release) => ({ release_id: release.id, type_of_collection: "PLANNED" })),
      headers: { Origin: origin },
    });
    expect(added.ok()).toBe(true);
    const found: string[] = [];
    await page.setViewportSize(viewportAt(WIDTHS[0]));
    await page.goto("/me/collections/");
    if (jsEnabled()) await waitForHydration(page);
    for (const width of WIDTHS) {
      await nextWidth(page, width);
      const cards = page.locator("main article");
      await expect(cards).toHaveCount(6);
      // The card nearest the screen's right edge: a menu opened rightwards from it would leave the screen.
      const rights = await cards.evaluateAll((articles) => articles.map((article) => article.getBoundingClientRect().right));
      const rightmost = rights.indexOf(Math.max(...rights));
      const { button, menu } = await openCollectionMenu(page, cards.nth(rightmost));
      const where = JSON.stringify({ width, button, menu });
      if (!isPhoneWidth(width)) expect(apart(button, menu), where).toBeLessThanOrEqual(16);
      expect(menu.left, where).toBeGreaterThanOrEqual(0);
      expect(menu.right, where).toBeLessThanOrEqual(width);
      found.push(...(await violationsAt(page, `/me/collections/ @${width}`)));
      await keepScreenshot(page, `collection-menu-collections-${width}`);
    }
    expect(found, found.join("\n")).toEqual([]);
  });

  test("the header shows one menu at a time, and «Меню» closes on a tap elsewhere and on Escape", async ({ page }) => {
    const found: string[] = [];
    await page.setViewportSize(viewportAt(WIDTHS[0]));
    await page.goto("/");
    if (jsEnabled()) await waitForHydration(page);
    const sectionMenu = page
      .getByRole("banner")
      .locator("details", { has: page.locator("summary", { hasText: "Меню" }) })
      .last();
    const accountMenu = page.locator("details", { has: page.locator('summary[aria-label="Меню профиля"]') });
    const signOut = page.getByRole("button", { name: "Выйти" });
    for (const width of WIDTHS) {
      await nextWidth(page, width);
      // From 1280 px (the product's `lg`) the sections are links in the header: only the account menu is left.
      if (!(await sectionMenu.locator("summary").isVisible())) {
        await accountMenu.locator("summary").click();
        await expect(signOut).toBeVisible();
        found.push(...(await violationsAt(page, `account menu @${width}`)));
        await keepScreenshot(page, `header-account-menu-${width}`);
        continue;
      }

      await sectionMenu.locator("summary").click();
      await expect(sectionMenu).toHaveAttribute("open", "");
      found.push(...(await violationsAt(page, `section menu @${width}`)));
      await keepScreenshot(page, `header-section-menu-${width}`);
      // A tap outside the open menu (here on the avatar, under the menu's invisible layer) closes it, with or without
      // JavaScript; the tap goes where the finger is, not through the checks of a click on the avatar.
      await accountMenu.locator("summary").click({ force: true });
      await expect(sectionMenu).not.toHaveAttribute("open", "");
      await accountMenu.locator("summary").click();
      await expect(accountMenu).toHaveAttribute("open", "");
      // Both menus open at once, however they were opened, is what the browser's exclusive <details> rules out.
      await sectionMenu.evaluate((menu: HTMLDetailsElement) => (menu.open = true));
      await expect(accountMenu).not.toHaveAttribute("open", "");
      await accountMenu.evaluate((menu: HTMLDetailsElement) => (menu.open = true));
      await expect(sectionMenu).not.toHaveAttribute("open", "");
      await expect(signOut).toBeVisible();
      const covered = await signOut.evaluate((button) => {
        const { left, top, width, height } = button.getBoundingClientRect();
        const hit = document.elementFromPoint(left + width / 2, top + height / 2);
        return hit !== null && !button.contains(hit);
      });
      expect(covered, `«Выйти» is covered @${width}`).toBe(false);
      found.push(...(await violationsAt(page, `account menu @${width}`)));
      await keepScreenshot(page, `header-account-menu-${width}`);
      if (!jsEnabled()) continue;

      await sectionMenu.locator("summary").click();
      await expect(sectionMenu).toHaveAttribute("open", "");
      await page.keyboard.press("Escape");
      await expect(sectionMenu).not.toHaveAttribute("open", "");
      await sectionMenu.locator("summary").click();
      await expect(sectionMenu).toHaveAttribute("open", "");
      await page.locator("main").click({ position: { x: 10, y: 10 }, force: true });
      await expect(sectionMenu).not.toHaveAttribute("open", "");
    }
    expect(found, found.join("\n")).toEqual([]);
  });

  test("a confirmation's «Отмена» and action share one row, evenly", { tag: ["@js-only"] }, async ({ page, browser }) => {
    // A second session, so that there is one to end.
    const other = await browser.newContext({ serviceWorkers: "block", extraHTTPHeaders: { "X-Forwarded-For": "10.251.0.1" } });
    const otherPage = await other.newPage();
    await otherPage.goto("/app/auth/login");
    await signIn(otherPage, account.login, account.password);
    await expect(otherPage).not.toHaveURL(/\/app\/auth\/login/);
    await other.close();
    await page.goto("/app/settings/sessions");
    await waitForHydration(page);
    const found: string[] = [];
    for (const width of WIDTHS) {
      await page.setViewportSize(viewportAt(width));
      const revoke = page.getByRole("button", { name: /^Завершить/ }).first();
      await revoke.click();
      const dialog = page.getByRole("dialog");
      await expect(dialog).toBeVisible();
      const cancelButton = dialog.getByRole("button", { name: "Отмена" });
      const cancel = await boxOf(cancelButton);
      const action = await boxOf(dialog.getByRole("button", { name: /^Завершить/ }));
      expect(Math.abs(cancel.top - action.top), `on one row @${width}`).toBeLessThanOrEqual(1);
      expect(Math.abs(cancel.width - action.width), `of even width @${width}`).toBeLessThanOrEqual(1);
      expect(Math.abs(cancel.height - action.height), `of even height @${width}`).toBeLessThanOrEqual(1);
      found.push(...(await violationsAt(page, `confirmation @${width}`)));
      await keepScreenshot(page, `confirmation-${width}`);
      await cancelButton.click();
      await expect(dialog).toBeHidden();
    }
    expect(found, found.join("\n")).toEqual([]);
  });

  test("the sessions table's «Это устройство» stays on one line, on a phone and wider", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto("/app/settings/sessions");
    const badge = page.getByText("Это устройство", { exact: true });
    await expect(badge).toBeVisible();
    // Across phone widths the badge meets the line's end somewhere, wherever the device's name ends.
    const broken: number[] = [];
    for (let width = 300; width <= 460; width += 4) {
      await page.setViewportSize({ width, height: 800 });
      if ((await badge.evaluate((element) => element.getClientRects().length)) > 1) broken.push(width);
    }
    for (const width of WIDTHS) {
      await page.setViewportSize(viewportAt(width));
      if ((await badge.evaluate((element) => element.getClientRects().length)) > 1) broken.push(width);
      await keepScreenshot(page, `sessions-${width}`);
    }
    expect(broken, "widths where the badge breaks over two lines").toEqual([]);
  });
});

test("the torrents show size, peers and both links: on a phone without a sideways scroll, wider in a table that shows it scrolls", async ({
  page,
}) => {
  await page.goto("/anime/torrents");
  const table = page.getByRole("region", { name: "Раздачи, новые сверху" });
  const row = table.getByRole("row").nth(1);
  const found: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize(viewportAt(width));
    if (isPhoneWidth(width)) {
      for (const link of [row.getByRole("link", { name: /^Магнет-ссылка/ }), row.getByRole("link", { name: /^Скачать \.torrent/ })]) {
        const box = await boxOf(link);
        expect(box.left, `inside the screen @${width}`).toBeGreaterThanOrEqual(0);
        expect(box.right, `inside the screen @${width}`).toBeLessThanOrEqual(width);
      }
      await expect(row).toContainText("Размер");
      await expect(row).toContainText("Сиды / личеры");
      expect(await table.evaluate((element) => element.scrollWidth - element.clientWidth), `@${width}`).toBeLessThanOrEqual(1);
    }
    found.push(...(await violationsAt(page, `torrents @${width}`)));
    await keepScreenshot(page, `torrents-${width}`);
  }
  expect(found, found.join("\n")).toEqual([]);
});

test("a release page shows no empty «Реклама» box", async ({ page }) => {
  const alias = await firstReleaseAlias(page);
  await page.setViewportSize(PHONE);
  await page.goto(`/anime/releases/release/${alias}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText("Реклама", { exact: true })).toHaveCount(0);
});

test("the release tabs show when they scroll, and the catalogue card's details are whole", async ({ page }) => {
  const alias = await firstReleaseAlias(page);
  const found: string[] = [];
  await page.goto(`/anime/releases/release/${alias}`);
  for (const width of WIDTHS) {
    await page.setViewportSize(viewportAt(width));
    found.push(...(await violationsAt(page, `release tabs @${width}`, "[role='tablist']")));
    await page.getByRole("tablist").scrollIntoViewIfNeeded();
    await keepScreenshot(page, `release-tabs-${width}`);
  }

  await page.goto("/anime/catalog/");
  const card = page.locator("main article").first();
  await expect(card).toBeVisible();
  const details = card.locator("p", { hasText: " · " }).first();
  const rating = card.getByText(/^\d+\+$/);
  for (const width of WIDTHS) {
    await page.setViewportSize(viewportAt(width));
    const cut = await details.evaluate((line) => line.scrollWidth - line.clientWidth);
    if (cut > 1) found.push(`catalogue card @${width}: the details line is cut by ${cut} px`);
    await expect(rating).toBeVisible();
    await keepScreenshot(page, `catalogue-card-${width}`);
  }
  expect(found, found.join("\n")).toEqual([]);
});

test("without JavaScript the player stands still over its poster, ready to play", { tag: ["@no-js-only"] }, async ({ page, request }) => {
  const release = await findPlayableRelease(request);
  const episode = release.episodes[0];
  if (!episode) throw new Error("the playable release has no episode");
  await page.goto(`/anime/video/episode/${episode.id}`);
  // Chromium's own controls spin over the poster while the media element has nothing: the manifest must be read.
  const nativePlayer = page.locator("video[controls]");
  await expect.poll(() => nativePlayer.evaluate((video: HTMLVideoElement) => video.readyState)).toBeGreaterThanOrEqual(1);
  await expect(page.getByText(/если он умеет HLS/)).toBeVisible();
});

test("a picture that fails to load leaves a placeholder, not a dark hole", async ({ page }) => {
  await page.route(/\/storage\/posters\//, (route) => route.abort());
  await page.setViewportSize(PHONE);
  await page.goto("/anime/catalog/");
  const poster = page.locator("main article img").first();
  await expect.poll(() => poster.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth === 0)).toBe(true);
  const shown = await poster.evaluate((image) => {
    const { width, height } = image.getBoundingClientRect();
    return { width, height, background: getComputedStyle(image).backgroundImage };
  });
  expect(shown.width).toBeGreaterThan(100);
  expect(shown.height).toBeGreaterThan(100);
  expect(shown.background, "a picture sign painted behind the image").toContain("data:image/svg+xml");
});
