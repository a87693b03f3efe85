// Plain-path links (cards, footer, logo) are bare anchors; one listener in the root layout navigates client-side
// and prefetches on intent for all of them (docs/decisions/0222).
import { expect, test, type Page } from "@playwright/test";

const cardTitleLinks = (page: Page) => page.locator("main article h2 a[data-path-link]");

async function openHydratedCatalogue(page: Page) {
  await page.goto("/anime/catalog/");
  await page.waitForFunction(() => window.__remixRouter !== undefined);
}

test("a card's title link navigates without reloading the document @js-only", async ({ page }) => {
  await openHydratedCatalogue(page);
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
  const link = cardTitleLinks(page).first();
  const title = (await link.textContent())!.trim();
  const href = (await link.getAttribute("href"))!;

  await link.click();

  await expect(page).toHaveURL(href);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  await page.goBack();
  await expect(page).toHaveURL(/\/anime\/catalog\/$/);
});

test("a plain click is taken; one with a modifier key or another button is left to the browser @js-only", async ({ page }) => {
  await openHydratedCatalogue(page);
  const taken = await page.evaluate(() => {
    const anchor = document.querySelector<HTMLAnchorElement>("main article h2 a[data-path-link]")!;
    const outcomes: boolean[] = [];
    // Runs after the document's listeners: records whether one of them took the click, then keeps the page here.
    const record = (event: Event) => {
      outcomes.push(event.defaultPrevented);
      event.preventDefault();
    };
    window.addEventListener("click", record);
    window.addEventListener("auxclick", record);
    for (const init of [{}, { ctrlKey: true }, { shiftKey: true }, { metaKey: true }, { altKey: true }, { button: 1 }]) {
      anchor.dispatchEvent(
        new MouseEvent("button" in init && init.button === 1 ? "auxclick" : "click", { bubbles: true, cancelable: true, ...init }),
      );
    }
    window.removeEventListener("click", record);
    window.removeEventListener("auxclick", record);
    return outcomes;
  });
  expect(taken).toEqual([true, false, false, false, false, false]);
});

test("hovering a card's link prefetches its page; leaving it drops the prefetch @js-only", async ({ page }) => {
  await openHydratedCatalogue(page);
  const link = cardTitleLinks(page).first();
  await expect(link).toHaveAttribute("data-path-link", "intent");
  // Remix's prefetch of the target's data (its route modules come as rel="modulepreload" beside it).
  const prefetches = page.locator('link[rel="prefetch"][as="fetch"]');
  await expect(prefetches).toHaveCount(0);

  await link.hover();
  await expect(prefetches.first()).toBeAttached();

  await page.mouse.move(0, 0);
  await expect(prefetches).toHaveCount(0);
});

test("without JavaScript the same links are plain anchors that load the page @no-js-only", async ({ page }) => {
  await page.goto("/anime/catalog/");
  const link = cardTitleLinks(page).first();
  const title = (await link.textContent())!.trim();
  await link.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
});
