import { expect, test, type Page } from "@playwright/test";
import { holdPageModules, isHydrated, waitForHydration } from "./hydration";

const results = (page: Page) => page.getByRole("region", { name: "Каталог аниме" }).getByRole("article");
const totalText = (page: Page) => page.getByText(/^Найдено: /);

// Without JavaScript the catalogue's content, filters, search and paging are requests (tests/pages/shell.test.ts), and
// axe audits it once (page-audits.spec.ts): here the JavaScript runs and what needs a browser (decision 0267).
test.describe("the catalogue", () => {
  test("lists real releases with every filter block once hydrated", { tag: "@js-only" }, async ({ page }) => {
    await page.goto("/anime/catalog/");
    await expect(results(page).first()).toBeVisible();
    const filters = page.getByRole("form", { name: "Фильтры каталога" }).first();
    for (const legend of ["Тип", "Жанры", "Годы выхода", "Сезон", "Сортировка", "Возрастной рейтинг", "Статус выхода", "Статус озвучки"]) {
      await expect(filters.getByRole("group", { name: legend })).toBeVisible();
    }
    await expect(totalText(page)).toContainText("релиз");
  });

  test("a filter ticked before the page hydrates is applied once it has", { tag: "@js-only" }, async ({ page }) => {
    const releaseModules = await holdPageModules(page);
    // The load event may wait for the held module: the page is used as soon as it is there.
    await page.goto("/anime/catalog/", { waitUntil: "commit" });
    const filters = page.getByRole("form", { name: "Фильтры каталога" }).first();
    await filters.getByText("OVA", { exact: true }).click();
    expect(await isHydrated(page)).toBe(false);
    await expect(page).not.toHaveURL(/types=OVA/);
    releaseModules();
    await expect(page).toHaveURL(/types=OVA/);
    await expect(results(page).first()).toContainText("OVA");
  });

  test("a year the list of years lacks stays in the address once the page hydrates", { tag: "@js-only" }, async ({ page }) => {
    await page.goto("/anime/catalog/?yearFrom=1950");
    await waitForHydration(page);
    await page.waitForLoadState("networkidle");
    await expect(page).toHaveURL(/\?yearFrom=1950$/);
  });

  test("filters live in the address and survive a reload", { tag: "@js-only" }, async ({ page }) => {
    await page.goto("/anime/catalog/?types=MOVIE&yearFrom=2000");
    const filters = page.getByRole("form", { name: "Фильтры каталога" }).first();
    await expect(filters.getByRole("checkbox", { name: "Фильм" })).toBeChecked();
    await expect(results(page).first()).toContainText("Фильм");
    const texts = await results(page).allTextContents();
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) expect(text).toContain("Фильм");
  });

  test("a filter applied from the form narrows the list", { tag: "@js-only" }, async ({ page, javaScriptEnabled }) => {
    await page.goto("/anime/catalog/");
    if (javaScriptEnabled) await waitForHydration(page);
    const before = await totalText(page).textContent();
    const filters = page.getByRole("form", { name: "Фильтры каталога" }).first();
    await filters.getByText("OVA", { exact: true }).click();
    if (test.info().project.use.javaScriptEnabled === false) await filters.getByRole("button", { name: "Показать" }).click();
    await expect(page).toHaveURL(/types=OVA/);
    await expect(totalText(page)).not.toHaveText(before ?? "");
    await expect(results(page).first()).toContainText("OVA");
  });

  test("says so when nothing matches", { tag: "@js-only" }, async ({ page }) => {
    await page.goto("/anime/catalog/?search=%D1%89%D1%89%D1%89%D1%89%D1%89%D1%89");
    await expect(page.getByRole("heading", { name: "Ничего не нашлось" })).toBeVisible();
    await page.getByRole("link", { name: "Сбросить фильтры" }).click();
    await expect(results(page).first()).toBeVisible();
  });

  test("finds a title by its words in any order and in other word forms", { tag: "@js-only" }, async ({ page }) => {
    for (const search of ["маяк грозового", "keepers stormy"]) {
      await page.goto(`/anime/catalog/?search=${encodeURIComponent(search)}`);
      await expect(results(page).filter({ hasText: "Хранители грозового маяка: Финал" })).toHaveCount(1);
    }
  });

  test("retries a search typed in the wrong keyboard layout and says so", { tag: "@js-only" }, async ({ page }) => {
    await page.goto(`/anime/catalog/?search=${encodeURIComponent("[hfybntkb")}`);
    await expect(page.getByRole("status").filter({ hasText: "Показаны результаты по запросу «хранители»" })).toBeVisible();
    await expect(results(page).first()).toContainText("Хранители");
    // A search that finds something as typed gets no notice.
    await page.goto("/anime/catalog/?search=%D1%85%D1%80%D0%B0%D0%BD%D0%B8%D1%82%D0%B5%D0%BB%D0%B8");
    await expect(results(page).first()).toContainText("Хранители");
    await expect(page.getByText(/Показаны результаты по запросу/)).toHaveCount(0);
  });

  test("appends the next page with JavaScript", { tag: "@js-only" }, async ({ page, request }) => {
    const firstPage = await (await request.get("/api/v1/anime/catalog/releases?limit=1")).json();
    const titleOfFirst: string = firstPage.data[0].name.main;
    await page.goto("/anime/catalog/");
    await expect(results(page).first()).toBeVisible();
    await waitForHydration(page);
    const loadMore = page.getByRole("link", { name: "Показать ещё" });
    await expect(loadMore).toHaveAttribute("href", /page=2/);
    await loadMore.click();
    await expect(loadMore).toHaveAttribute("href", /from=1&page=3/);
    await expect(page).toHaveURL(/\/anime\/catalog\/\?from=1&page=2$/);
    // The list is virtualised (only cards near the viewport exist): back at the top, the first release is there.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(page.getByRole("heading", { name: titleOfFirst, exact: true })).toBeInViewport();
  });

  test("opens the filters in a drawer on a phone", { tag: "@js-only" }, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto("/anime/catalog/");
    await page.getByRole("button", { name: /^Фильтры/ }).click();
    const drawer = page.getByRole("dialog", { name: "Фильтры" });
    await expect(drawer).toBeVisible();
    // The actions stay at the drawer's bottom edge, not after a dozen blocks of filters.
    await expect(drawer.getByRole("button", { name: /^Показать/ })).toBeInViewport();
    await expect(drawer.getByRole("link", { name: "Сбросить" })).toBeInViewport();
    await drawer.getByText("ONA", { exact: true }).click();
    // The drawer applies its choice on «Показать» only, so choosing does not close it under the finger.
    await expect(drawer).toBeVisible();
    await expect(page).toHaveURL(/\/anime\/catalog\/$/);
    await drawer.getByRole("button", { name: /^Показать/ }).click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(/types=ONA/);
    // Only the filled fields: no `search=&yearFrom=&yearTo=`.
    expect(new URL(page.url()).search).not.toMatch(/=(&|$)/);
    await expect(page.getByRole("button", { name: "Фильтры (1)" })).toBeVisible();
  });

  test("renders the filter form once; on a phone the filters link leads to it", { tag: "@no-js-only" }, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto("/anime/catalog/");
    await expect(page.getByRole("form", { name: "Фильтры каталога" })).toHaveCount(1);
    await page.getByRole("link", { name: /^Фильтры/ }).click();
    await expect(page).toHaveURL(/#catalog-filters$/);
    await expect(page.getByRole("form", { name: "Фильтры каталога" }).getByRole("group", { name: "Тип" })).toBeInViewport();
  });

  test(
    "on a phone the filter form's actions stay in reach and its address drops the empty fields",
    { tag: "@no-js-only" },
    async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 800 });
      await page.goto("/anime/catalog/#catalog-filters");
      const form = page.getByRole("form", { name: "Фильтры каталога" });
      await expect(form.getByRole("group", { name: "Тип" })).toBeInViewport();
      await expect(form.getByRole("button", { name: "Показать" })).toBeInViewport();
      await form.getByText("ONA", { exact: true }).click();
      await form.getByRole("button", { name: "Показать" }).click();
      await expect(page).toHaveURL(/types=ONA/);
      expect(new URL(page.url()).search).not.toMatch(/=(&|$)/);
    },
  );

  test("rejects nonsense in the address without an error", { tag: "@js-only" }, async ({ page }) => {
    const response = await page.goto("/anime/catalog/?types=%3Cscript%3E&genres=abc&yearFrom=x&page=-5&sorting=DROP");
    expect(response?.status()).toBe(200);
    await expect(results(page).first()).toBeVisible();
  });
});
