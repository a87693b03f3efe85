// The bell on a title with JavaScript (decision 0284): it changes in place through a fetcher with a toast, the
// browser's permission is asked only after a click on it (never on load), a refusal says where the episodes will
// wait, and the phone's menu fits the screen. Without JavaScript the same form is a request-level check
// (tests/pages/episode-bell.test.ts).
import { expect, test, type Page } from "@playwright/test";
import { expectToast, useOwnClientAddress } from "./auth-helpers";
import { waitForHydration } from "./hydration";
import { findPlayableRelease } from "./player-helpers";

const JS_ONLY = { tag: ["@js-only"] };

/** Counts the page's permission requests and answers them «denied», as a person who refuses would. */
async function refusePermission(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const counter = window as unknown as { permissionAsked: number };
    counter.permissionAsked = 0;
    Object.defineProperty(Notification, "permission", { configurable: true, get: () => "default" });
    Notification.requestPermission = async () => {
      counter.permissionAsked += 1;
      return "denied";
    };
  });
}

const permissionAsked = (page: Page) => page.evaluate(() => (window as unknown as { permissionAsked: number }).permissionAsked);
const bell = (page: Page) => page.locator("[data-episode-bell]");

test("the bell rings in place, and asks for notifications only after the click", JS_ONLY, async ({ page, request }) => {
  await useOwnClientAddress(page);
  await refusePermission(page);
  const release = await findPlayableRelease(request);
  const bellChunks: string[] = [];
  page.on("request", (sent) => {
    if (/episode-bell-menu-[^/]*\.js$/.test(sent.url())) bellChunks.push(sent.url());
  });
  await page.goto(`/anime/releases/release/${release.alias}`, { waitUntil: "networkidle" });
  await waitForHydration(page);
  await expect(bell(page).locator("summary")).toContainText("Выключено");
  expect(await permissionAsked(page)).toBe(0);
  // The bell's code is not part of the page's load: it comes when the pointer reaches the bell.
  expect(bellChunks).toEqual([]);
  await bell(page).locator("summary").hover();
  await expect(page.locator('[data-episode-bell="live"]')).toHaveCount(1);
  expect(bellChunks).toHaveLength(1);
  const marker = await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

  await bell(page).locator("summary").click();
  await bell(page)
    .getByRole("button", { name: /^Все новые серии/ })
    .click();
  await expectToast(page, "Сообщим о каждой новой серии");
  await expect(bell(page).locator("summary")).toContainText("Все новые серии");
  await expect.poll(() => permissionAsked(page)).toBe(1);
  await expectToast(page, "Браузер запретил уведомления");
  // A fetcher, not a page load: the window is the same one.
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(marker);

  // The bell's state is the server's: a reload shows it, and «Выключено» needs no permission.
  await page.reload();
  await waitForHydration(page);
  await expect(bell(page).locator("summary")).toContainText("Все новые серии");
  await bell(page).locator("summary").hover();
  await expect(page.locator('[data-episode-bell="live"]')).toHaveCount(1);
  await bell(page).locator("summary").click();
  await bell(page)
    .getByRole("button", { name: /^Выключено/ })
    .click();
  await expectToast(page, "Уведомления о новых сериях выключены");
  expect(await permissionAsked(page)).toBe(0);
});

test("the bell's menu fits a phone's screen", JS_ONLY, async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const release = await findPlayableRelease(request);
  await page.goto(`/anime/releases/release/${release.alias}`);
  await waitForHydration(page);
  await bell(page).locator("summary").click();
  // The click fetches the menu's code, which takes over the server's markup, open as it was: measured after that.
  await expect(page.locator('[data-episode-bell="live"][open]')).toHaveCount(1);
  const menu = bell(page).locator("form");
  await expect(menu).toBeVisible();
  const box = (await menu.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(box.y + box.height).toBeLessThanOrEqual(844);
});
