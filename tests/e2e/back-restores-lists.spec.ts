// Decision 0140: after "Показать ещё", opening a release and coming Back shows the longer list again, at the
// same place; the address records how far the list goes (`?from=1&page=2`), so a reload shows it too.
// Without JavaScript the place is the browser's own restoration over the same server HTML: the catalogue checks it
// here; for the other lists what the server answers at those addresses is a request-level check
// (tests/pages/back-restores-lists.test.ts, decision 0268).
import { expect, test, type Page, type Request } from "@playwright/test";
import { signedInAt, useOwnClientAddress } from "./auth-helpers";
import { holdPageModules, isHydrated, waitForHydration } from "./hydration";

test.describe.configure({ timeout: 120_000 });

const jsEnabled = () => test.info().project.use.javaScriptEnabled !== false;

type ListCase = {
  path: string;
  listName: string;
  pageSize: number;
  /** The release opened, counted from 0: one of the appended page's. */
  openedIndex: number;
};

const TWO_PAGES = /\?from=1&page=2$/;

/** `items.nth(index)` by the href of its title link (titles may repeat; addresses do not). */
const titleLink = (page: Page, list: ListCase, index: number) =>
  page.getByRole("list", { name: list.listName, exact: true }).getByRole("listitem").nth(index).getByRole("heading").getByRole("link");

async function expectBackRestoresTheList(page: Page, list: ListCase, shownAfterMore: number): Promise<void> {
  const items = page.getByRole("list", { name: list.listName, exact: true }).getByRole("listitem");
  await page.goto(list.path);
  await expect(items).toHaveCount(list.pageSize);
  if (jsEnabled()) await waitForHydration(page);

  // With JavaScript the page is appended by a single-page request, and moving the address on loads nothing again.
  // Only the list's own data counts: a card appended under the resting pointer may be prefetched on intent.
  const dataRequests: string[] = [];
  const listData = `${list.path.replace(/\/$/, "")}.data`;
  const recordDataRequest = (request: Request) => {
    if (new URL(request.url()).pathname === listData) dataRequests.push(request.url());
  };
  page.on("request", recordDataRequest);
  await page.getByRole("link", { name: "Показать ещё" }).click();
  await expect(page).toHaveURL(TWO_PAGES);
  await expect(items).toHaveCount(shownAfterMore);
  page.off("request", recordDataRequest);
  if (jsEnabled()) {
    expect(dataRequests).toHaveLength(1);
    expect(dataRequests[0]).toMatch(/[?&]page=2(&|$)/);
    expect(dataRequests[0]).not.toMatch(/[?&]from=/);
  }

  const opened = titleLink(page, list, list.openedIndex);
  const href = await opened.getAttribute("href");
  expect(href).toMatch(/^\/anime\/releases\/release\//);
  await opened.scrollIntoViewIfNeeded();
  const scrolledTo = await page.evaluate(() => window.scrollY);
  expect(scrolledTo).toBeGreaterThan(0);
  await opened.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));

  await page.goBack();
  await expect(page).toHaveURL(TWO_PAGES);
  await expect(items).toHaveCount(shownAfterMore);
  await expect(titleLink(page, list, list.openedIndex)).toHaveAttribute("href", href!);
  if (jsEnabled()) await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolledTo);
  await expect(titleLink(page, list, list.openedIndex)).toBeInViewport();

  // A reload (or the address shared) shows the same list.
  await page.reload();
  await expect(items).toHaveCount(shownAfterMore);
  await expect(titleLink(page, list, list.openedIndex)).toHaveAttribute("href", href!);
}

test("new releases: Back restores the appended page and the place", { tag: "@js-only" }, async ({ page }) => {
  await expectBackRestoresTheList(page, { path: "/anime/releases/latest/", listName: "Новые релизы", pageSize: 24, openedIndex: 30 }, 48);
});

test("catalogue: Back restores the appended page and the place", async ({ page }) => {
  await expectBackRestoresTheList(page, { path: "/anime/catalog/", listName: "Релизы каталога", pageSize: 24, openedIndex: 30 }, 48);
});

test("catalogue: Back restores a virtualised list of three pages at its place", { tag: "@js-only" }, async ({ page }) => {
  await page.goto("/anime/catalog/");
  await waitForHydration(page);
  const loadMore = page.getByRole("link", { name: "Показать ещё" });
  await loadMore.click();
  await expect(page).toHaveURL(TWO_PAGES);
  await loadMore.click();
  await expect(page).toHaveURL(/\?from=1&page=3$/);
  // Past 48 cards masonic renders only those near the viewport: pick a title link in the middle of the screen.
  const titles = page.locator('main h2 a[href^="/anime/releases/release/"]');
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight * 0.8));
  const titleNearTheMiddle = () =>
    titles.evaluateAll((links) => {
      const near = links.find((link) => Math.abs(link.getBoundingClientRect().top - window.innerHeight / 2) < 200);
      return near?.getAttribute("href") ?? null;
    });
  // Masonic renders again as the window scrolls: the link found is the one clicked, not a second reading's.
  let href: string | null = null;
  await expect.poll(async () => (href = await titleNearTheMiddle())).not.toBeNull();
  const scrolledTo = await page.evaluate(() => window.scrollY);
  await page.locator(`main h2 a[href="${href}"]`).click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));

  await page.goBack();
  await expect(page).toHaveURL(/\?from=1&page=3$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolledTo);
  await expect(page.locator(`main h2 a[href="${href}"]`)).toBeInViewport();
});

test("catalogue: a card of the virtualised list takes a tap right after a scroll", { tag: "@js-only" }, async ({ page }) => {
  await page.goto("/anime/catalog/?from=1&page=3");
  await waitForHydration(page);
  const virtualised = page.locator("main [role=list]:not(ul)");
  await expect(virtualised).toHaveCount(1);
  // Masonic marks its container `will-change: contents` while it takes the window as scrolling (about 125 ms after
  // the last scroll): a card's title is what a tap there reaches, not the page behind the list.
  const reached = await page.evaluate(async () => {
    const container = document.querySelector<HTMLElement>("main [role=list]:not(ul)")!;
    window.scrollBy(0, 400);
    while (container.style.willChange !== "contents") await new Promise((resolve) => requestAnimationFrame(resolve));
    const title = [...container.querySelectorAll("h2 a")].find((link) => {
      const top = link.getBoundingClientRect().top;
      return top > 100 && top < window.innerHeight - 100;
    })!;
    const box = title.getClientRects()[0]!;
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return { scrolling: container.style.willChange, reachesTheTitle: hit !== null && title.contains(hit) };
  });
  expect(reached).toEqual({ scrolling: "contents", reachesTheTitle: true });
});

test("catalogue: the virtualised list takes over a long list without moving the cards in view", { tag: "@js-only" }, async ({ page }) => {
  // Its module arrives late, as on a slow phone: the viewer has scrolled down the long list by then.
  let releaseMasonry = () => {};
  const masonryHeld = new Promise<void>((resolve) => (releaseMasonry = resolve));
  await page.route(/\/assets\/client-masonry-[\w-]+\.js$/, async (route) => {
    await masonryHeld;
    await route.continue();
  });
  await page.goto("/anime/catalog/?from=1&page=3");
  await waitForHydration(page);
  const staticList = page.getByRole("list", { name: "Релизы каталога", exact: true });
  await expect(staticList.getByRole("listitem")).toHaveCount(72);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight * 0.8));
  const titlesInView = () =>
    page.locator('main h2 a[href^="/anime/releases/release/"]').evaluateAll((links) =>
      links
        .map((link) => ({ href: link.getAttribute("href"), top: Math.round(link.getBoundingClientRect().top) }))
        .filter(({ top }) => top > 0 && top < window.innerHeight)
        .sort((a, b) => a.top - b.top),
    );
  const before = await titlesInView();
  expect(before.length).toBeGreaterThan(2);
  const scrolledTo = await page.evaluate(() => window.scrollY);

  releaseMasonry();
  await expect(staticList).toHaveCount(0);
  expect(await page.evaluate(() => window.scrollY)).toBe(scrolledTo);
  expect(await titlesInView()).toEqual(before);
});

test("a reload comes back to the place on the page, before the page's modules have run", async ({ page }) => {
  await page.goto("/anime/catalog/");
  // React Router stores the place as the page is left, from an effect of the hydrated page: a reload before that
  // effect ran stored nothing (seen once under load). Its sibling effect takes restoration from the browser.
  if (jsEnabled()) await page.waitForFunction(() => window.history.scrollRestoration === "manual");
  await page.evaluate(() => window.scrollTo(0, 1200));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1200);
  // With JavaScript the page's inline script restores the place; React Router's would only once hydrated. Chromium
  // restores it too (React Router hands restoration back to the browser as the page is left): not in this test.
  if (jsEnabled()) await page.addInitScript(() => (window.history.scrollRestoration = "manual"));
  const releaseModules = await holdPageModules(page);
  await page.reload({ waitUntil: "commit" });
  await expect(page.getByRole("list", { name: "Релизы каталога", exact: true })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(1200);
  expect(await isHydrated(page)).toBe(false);
  releaseModules();
});

test("catalogue: the range keeps the filters in the address", { tag: "@js-only" }, async ({ page }) => {
  await page.goto("/anime/catalog/?sorting=FRESH_AT_DESC");
  await page.getByRole("link", { name: "Показать ещё" }).click();
  await expect(page).toHaveURL(/\/anime\/catalog\/\?sorting=FRESH_AT_DESC&from=1&page=2$/);
});

/**
 * A signed-in account with `count` releases in its favorites or its planned collection, through the site's API
 * proxy. Callers first give the test its own client address (the auth rate limit), as the auth specs do.
 */
async function signInWithReleases(page: Page, count: number, list: "favorites" | "collections"): Promise<void> {
  await signedInAt(page);
  const answer = (await (await page.request.get(`/api/v1/anime/catalog/releases?limit=${count}`)).json()) as {
    data: Array<{ id: number }>;
  };
  expect(answer.data).toHaveLength(count);
  const body =
    list === "favorites"
      ? answer.data.map((release) => ({ release_id: release.id }))
      : answer.data.map((release) => ({ release_id: release.id, type_of_collection: "PLANNED" }));
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const response = await page.request.post(`/api/v1/accounts/users/me/${list}`, { data: body, headers: { Origin: origin } });
  expect(response.ok()).toBe(true);
}

test("favorites: Back restores the appended page and the place", { tag: "@js-only" }, async ({ page }) => {
  await useOwnClientAddress(page);
  await signInWithReleases(page, 20, "favorites");
  await expectBackRestoresTheList(page, { path: "/me/favorites/", listName: "Избранное", pageSize: 12, openedIndex: 15 }, 20);
});

test("collections: Back restores the appended page and the place", { tag: "@js-only" }, async ({ page }) => {
  await useOwnClientAddress(page);
  await signInWithReleases(page, 20, "collections");
  await expectBackRestoresTheList(page, { path: "/me/collections/", listName: "Коллекции", pageSize: 12, openedIndex: 15 }, 20);
});

test("a made-up range is bounded, and a bad first page shows the page alone", { tag: ["@js-only"] }, async ({ page, request }) => {
  const tooLong = await request.get("/anime/catalog/?types=TV&from=1&page=40", { maxRedirects: 0 });
  expect(tooLong.status()).toBe(302);
  expect(tooLong.headers()["location"]).toBe("/anime/catalog/?types=TV&from=31&page=40");

  await page.goto("/anime/catalog/?from=abc&page=2");
  await expect(page.getByRole("list", { name: "Релизы каталога", exact: true }).getByRole("listitem")).toHaveCount(24);
  await page.goto("/anime/catalog/?from=3&page=2");
  await expect(page.getByRole("list", { name: "Релизы каталога", exact: true }).getByRole("listitem")).toHaveCount(24);
});
