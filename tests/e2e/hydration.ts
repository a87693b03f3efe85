// With JavaScript on, a page that is whole without it asks for its modules once it has been painted (decision 0234).
// A click before then is the plain link's. A test of what JavaScript adds waits for hydration to have begun:
// React then hydrates a clicked element first and hands it the click.
import type { Page } from "@playwright/test";

export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => "__remixRouter" in window);
}

export async function isHydrated(page: Page): Promise<boolean> {
  return page.evaluate(() => "__remixRouter" in window);
}

/**
 * Holds the page's entry module until the returned function is called: the page stays unhydrated till then. Go to
 * the page with `waitUntil: "commit"`: its load event may wait for the held module.
 */
export async function holdPageModules(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/entry\.client-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
