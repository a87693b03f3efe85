// Code a first visit never runs is not in the code every page loads: the loading bar's comes with the first
// navigation, the install offer's once the browser offers to install the site (decision 0286).
import { expect, test, type Page } from "@playwright/test";
import { waitForHydration } from "./hydration";

const LOADING_BAR_CHUNK = /\/assets\/loading-bar-[\w-]+\.js$/;
const INSTALL_OFFER_CHUNK = /\/assets\/install-app-prompt-[\w-]+\.js$/;

function recordScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  return scripts;
}

async function openHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
  await page.waitForLoadState("networkidle");
}

test.describe("code loaded on demand @js-only", () => {
  test("the loading bar's code comes with the first navigation, and the bar shows while the next page loads", async ({ page }) => {
    const scripts = recordScripts(page);
    await openHydrated(page, "/anime/releases/latest/");
    expect(scripts.filter((url) => LOADING_BAR_CHUNK.test(url))).toEqual([]);

    // The next page's data is held until the bar has been seen.
    let releaseData!: () => void;
    const held = new Promise<void>((resolve) => (releaseData = resolve));
    await page.route(/\/anime\/catalog\/?\.data/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("navigation", { name: "Разделы сайта" }).first().getByRole("link", { name: "Каталог" }).click();
    const bar = page.getByRole("progressbar", { name: "Загрузка страницы" });
    await expect(bar).toHaveAttribute("aria-busy", "true");
    expect(scripts.filter((url) => LOADING_BAR_CHUNK.test(url))).toHaveLength(1);
    releaseData();
    await expect(page).toHaveURL(/\/anime\/catalog\/$/);
    await expect(bar).toHaveCount(0);
  });

  test("the install offer's code comes when the browser offers to install the site", async ({ page }) => {
    const scripts = recordScripts(page);
    await openHydrated(page, "/anime/releases/latest/");
    expect(scripts.filter((url) => INSTALL_OFFER_CHUNK.test(url))).toEqual([]);

    // What Chromium fires once the site is installable; the offer then waits for the visitor's first tap.
    await page.evaluate(() =>
      window.dispatchEvent(Object.assign(new Event("beforeinstallprompt", { cancelable: true }), { prompt: async () => undefined })),
    );
    await page.locator("h1").first().click();
    await expect(page.getByRole("region", { name: "Установка приложения" })).toBeVisible();
    expect(scripts.filter((url) => INSTALL_OFFER_CHUNK.test(url))).toHaveLength(1);
  });
});
