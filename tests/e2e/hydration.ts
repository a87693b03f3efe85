// With JavaScript on, a page that is whole without it asks for its modules once it has been painted (decision 0234).
// A click before then is the plain link's. A test of what JavaScript adds waits for hydration to have begun:
// React then hydrates a clicked element first and hands it the click.
import type { Page } from "@playwright/test";

export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => "__remixRouter" in window);
}
