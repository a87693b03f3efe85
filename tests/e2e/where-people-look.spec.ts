// Issue 38, what a viewer notices at 390 and 1440 px: menus beside their buttons, the header's menus closing as menus
// do, a torrents table that fits a phone, no empty ad box, nothing cut on a phone, even confirmation answers, a
// still player without JavaScript and a placeholder for a picture that fails.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { collectLayoutViolations } from "../support/layout";
import { createSignedInAccount, signIn, useOwnClientAddress, type TestAccount } from "./auth-helpers";
import { waitForHydration } from "./hydration";
import { findPlayableRelease } from "./player-helpers";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const jsEnabled = () => test.info().project.use.javaScriptEnabled !== false;

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

  test("the collection menu opens beside its button on a desktop, as a sheet on a phone", async ({ page }) => {
    const alias = await firstReleaseAlias(page);
    await page.setViewportSize(DESKTOP);
    await page.goto(`/anime/releases/release/${alias}`);
    if (jsEnabled()) await waitForHydration(page);
    const onDesktop = await openCollectionMenu(page, page.locator("main"));
    expect(apart(onDesktop.button, onDesktop.menu), JSON.stringify(onDesktop)).toBeLessThanOrEqual(16);

    await page.setViewportSize(PHONE);
    await page.goto(`/anime/releases/release/${alias}`);
    if (jsEnabled()) await waitForHydration(page);
    const onPhone = await openCollectionMenu(page, page.locator("main"));
    expect(onPhone.menu.width, "a sheet as wide as the phone, less its margins").toBeGreaterThanOrEqual(PHONE.width - 48);
    expect(onPhone.menu.bottom).toBeGreaterThan(PHONE.height - 32);
  });

  test("on /me/collections/ the last card's menu opens beside it, inside the screen", async ({ page }) => {
    const releases = (await (await page.request.get("/api/v1/anime/catalog/releases?limit=6")).json()) as { data: Array<{ id: number }> };
    const origin = new URL(page.url()).origin;
    const added = await page.request.post("/api/v1/accounts/users/me/collections", {
      data: releases.data.map((release) => ({ release_id: release.id, type_of_collection: "PLANNED" })),
      headers: { Origin: origin },
    });
    expect(added.ok()).toBe(true);
    await page.setViewportSize(DESKTOP);
    await page.goto("/me/collections/");
    if (jsEnabled()) await waitForHydration(page);
    const cards = page.locator("main article");
    await expect(cards).toHaveCount(6);
    // The row's last card sits at the screen's right edge: a menu opened rightwards from it would leave the screen.
    const lastInRow = cards.nth(jsEnabled() ? 5 : 0);
    const { button, menu } = await openCollectionMenu(page, lastInRow);
    expect(apart(button, menu), JSON.stringify({ button, menu })).toBeLessThanOrEqual(16);
    expect(menu.right).toBeLessThanOrEqual(DESKTOP.width);
  });

  test("the phone header shows one menu at a time, and «Меню» closes on a tap elsewhere and on Escape", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/");
    if (jsEnabled()) await waitForHydration(page);
    const sectionMenu = page
      .getByRole("banner")
      .locator("details", { has: page.locator("summary", { hasText: "Меню" }) })
      .last();
    const accountMenu = page.locator("details", { has: page.locator('summary[aria-label="Меню профиля"]') });

    await sectionMenu.locator("summary").click();
    await expect(sectionMenu).toHaveAttribute("open", "");
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
    const signOut = page.getByRole("button", { name: "Выйти" });
    await expect(signOut).toBeVisible();
    const covered = await signOut.evaluate((button) => {
      const { left, top, width, height } = button.getBoundingClientRect();
      const hit = document.elementFromPoint(left + width / 2, top + height / 2);
      return hit !== null && !button.contains(hit);
    });
    expect(covered, "«Выйти» is covered").toBe(false);
    if (!jsEnabled()) return;

    await sectionMenu.locator("summary").click();
    await expect(sectionMenu).toHaveAttribute("open", "");
    await page.keyboard.press("Escape");
    await expect(sectionMenu).not.toHaveAttribute("open", "");
    await sectionMenu.locator("summary").click();
    await expect(sectionMenu).toHaveAttribute("open", "");
    await page.locator("main").click({ position: { x: 10, y: 10 }, force: true });
    await expect(sectionMenu).not.toHaveAttribute("open", "");
  });

  test("a confirmation's «Отмена» and action share one row, evenly", { tag: ["@js-only"] }, async ({ page, browser }) => {
    // A second session, so that there is one to end.
    const other = await browser.newContext({ serviceWorkers: "block", extraHTTPHeaders: { "X-Forwarded-For": "10.251.0.1" } });
    const otherPage = await other.newPage();
    await otherPage.goto("/app/auth/login");
    await signIn(otherPage, account.login, account.password);
    await expect(otherPage).not.toHaveURL(/\/app\/auth\/login/);
    await other.close();
    await page.setViewportSize(PHONE);
    await page.goto("/app/settings/sessions");
    await waitForHydration(page);
    const revoke = page.getByRole("button", { name: /^Завершить/ }).first();
    await revoke.click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    const cancel = await boxOf(dialog.getByRole("button", { name: "Отмена" }));
    const action = await boxOf(dialog.getByRole("button", { name: /^Завершить/ }));
    expect(Math.abs(cancel.top - action.top), "on one row").toBeLessThanOrEqual(1);
    expect(Math.abs(cancel.width - action.width), "of even width").toBeLessThanOrEqual(1);
    expect(Math.abs(cancel.height - action.height), "of even height").toBeLessThanOrEqual(1);
  });

  test("the sessions table's «Это устройство» stays on one line on a phone", async ({ page }) => {
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
    expect(broken, "widths where the badge breaks over two lines").toEqual([]);
  });
});

test("the torrents table shows size, peers and both links on a phone without a sideways scroll", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto("/anime/torrents");
  const table = page.getByRole("region", { name: "Раздачи, новые сверху" });
  const row = table.getByRole("row").nth(1);
  for (const link of [row.getByRole("link", { name: /^Магнет-ссылка/ }), row.getByRole("link", { name: /^Скачать \.torrent/ })]) {
    const box = await boxOf(link);
    expect(box.left, "inside the screen").toBeGreaterThanOrEqual(0);
    expect(box.right, "inside the screen").toBeLessThanOrEqual(PHONE.width);
  }
  await expect(row).toContainText("Размер");
  await expect(row).toContainText("Сиды / личеры");
  expect(await table.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(1);
});

test("a release page shows no empty «Реклама» box", async ({ page }) => {
  const alias = await firstReleaseAlias(page);
  await page.setViewportSize(PHONE);
  await page.goto(`/anime/releases/release/${alias}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText("Реклама", { exact: true })).toHaveCount(0);
});

test("on a phone the release tabs show that they scroll, and the catalogue card's details are whole", async ({ page }) => {
  await page.setViewportSize(PHONE);
  const alias = await firstReleaseAlias(page);
  await page.goto(`/anime/releases/release/${alias}`);
  expect(await collectLayoutViolations(page, { within: "[role='tablist']" })).toEqual([]);

  await page.goto("/anime/catalog/");
  const card = page.locator("main article").first();
  await expect(card).toBeVisible();
  const details = card.locator("p", { hasText: " · " }).first();
  expect(await details.evaluate((line) => line.scrollWidth - line.clientWidth), "the details line is cut").toBeLessThanOrEqual(1);
  const rating = card.getByText(/^\d+\+$/);
  await expect(rating).toBeVisible();
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
