// The public sections of docs/product.md#routes besides home, catalogue and release page, with JavaScript: paging in
// place, client-side navigation, the browser's time zone. What a page says on arrival — its headings, lists, 404s
// and fallbacks, the fixed pages — is read from the server's HTML by request-level checks (tests/pages/sections.test.ts),
// and axe audits each page once (page-audits.spec.ts) (decisions 0261, 0267).
import { expect, test, type Page } from "@playwright/test";
import { waitForHydration } from "./hydration";

test.describe.configure({ timeout: 60_000 });

async function expectPageMeta(page: Page, title: RegExp) {
  await expect(page).toHaveTitle(title);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    new RegExp(`${new URL(page.url()).pathname.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`),
  );
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /^https?:\/\//);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /\S/);
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
}

/**
 * "Показать ещё" appends the next page in place (without JavaScript it is a link to page 2: tests/pages). A list that
 * records its range in the address (`recordsRange`) then says `?from=1&page=2`.
 */
async function expectPaging(page: Page, list: () => ReturnType<Page["getByRole"]>, { recordsRange = false } = {}) {
  const firstPageCount = await list().count();
  expect(firstPageCount).toBeGreaterThan(0);
  const url = page.url();
  await waitForHydration(page);
  await page.getByRole("link", { name: "Показать ещё" }).click();
  await expect.poll(() => list().count()).toBeGreaterThan(firstPageCount);
  if (recordsRange) await expect(page).toHaveURL(/\?from=1&page=2$/);
  else expect(page.url()).toBe(url);
}

test.describe("genres", () => {
  test("a genre shows its releases and pages through them", { tag: "@js-only" }, async ({ page }) => {
    await page.goto("/anime/genres/");
    const first = page.getByRole("list", { name: "Жанры" }).getByRole("link").first();
    const name = (await first.locator("span span").first().textContent())!.trim();
    await first.click();
    await expect(page).toHaveURL(/\/anime\/genres\/releasesOfGenre\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Аниме в жанре «${name}»`);
    const releases = () => page.getByRole("region", { name: `Релизы жанра «${name}»` }).getByRole("article");
    await expect(releases().first()).toBeVisible();
    await expectPageMeta(page, new RegExp(`^Аниме в жанре «${name}» \\| AniLibria$`));
    await expectPaging(page, releases);
  });
});

test.describe("latest releases", () => {
  test("shows releases with their latest episode and pages through them", { tag: "@js-only" }, async ({ page }) => {
    await page.goto("/anime/releases/latest/");
    await expect(page.getByRole("heading", { level: 1, name: "Новые релизы" })).toBeVisible();
    const releases = () => page.getByRole("region", { name: "Новые релизы" }).getByRole("article");
    await expect(releases().first()).toContainText(/Серия \d+/);
    await expectPageMeta(page, /^Новые релизы \| AniLibria$/);
    await expectPaging(page, releases, { recordsRange: true });
  });
});

test.describe("franchises", () => {
  test("the list leads to a franchise with its releases in order and its totals", { tag: "@js-only" }, async ({ page }) => {
    await page.goto("/anime/franchises/");
    await expect(page.getByRole("heading", { level: 1, name: "Франшизы" })).toBeVisible();
    const franchises = page.getByRole("list", { name: "Франшизы" }).getByRole("article");
    expect(await franchises.count()).toBeGreaterThan(0);
    await expectPageMeta(page, /^Франшизы \| AniLibria$/);

    const link = franchises.first().getByRole("heading").getByRole("link");
    const name = (await link.textContent())!.trim();
    await link.click();
    await expect(page).toHaveURL(/\/anime\/franchises\/[0-9a-f-]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    for (const term of ["Релизов", "Серий", "Продолжительность", "Годы"])
      await expect(page.getByRole("term").filter({ hasText: term })).toBeVisible();
    const order = page.getByRole("region", { name: "Порядок просмотра" }).getByRole("listitem");
    expect(await order.count()).toBeGreaterThan(0);
    await expect(order.first().getByRole("article")).toBeVisible();
    await expectPageMeta(page, new RegExp(`^${name} \\| AniLibria$`));
  });
});

test.describe("torrents", () => {
  test("the feed shows quality, size, peers and both downloads, and pages", { tag: "@js-only" }, async ({ page }) => {
    await page.goto("/anime/torrents/");
    await expect(page.getByRole("heading", { level: 1, name: "Торренты" })).toBeVisible();
    const rows = () =>
      page
        .getByRole("table")
        .getByRole("row")
        .filter({ has: page.getByRole("cell") });
    await expect(rows().first()).toBeVisible();
    const row = rows().first();
    await expect(row).toContainText(/\d+p/);
    await expect(row).toContainText(/[ГМ]Б/);
    await expect(row.getByRole("link", { name: /^Магнет-ссылка:/ })).toHaveAttribute("href", /^magnet:\?xt=urn:btih:/);
    const fileLink = row.getByRole("link", { name: /^Скачать \.torrent:/ });
    const fileHref = (await fileLink.getAttribute("href"))!;
    expect(fileHref).toMatch(/\/anime\/torrents\/[0-9a-f]+\/file/);
    const file = await page.request.get(fileHref);
    expect(file.status()).toBe(200);
    expect((await file.body()).subarray(0, 1).toString()).toBe("d");
    await expectPageMeta(page, /^Торренты \| AniLibria$/);
    await expectPaging(page, rows);
  });
});

test.describe("schedule", () => {
  const daySections = (page: Page) => page.getByRole("region").filter({ has: page.getByRole("heading", { level: 2 }) });

  test("shows the whole week by day, then one day, with day switchers", { tag: "@js-only" }, async ({ page }) => {
    await page.goto("/anime/schedule");
    await expect(page.getByRole("heading", { level: 1, name: "Расписание" })).toBeVisible();
    for (const day of ["Понедельник", "Вторник", "Среда", "Четверг", "Пятница", "Суббота", "Воскресенье"]) {
      await expect(page.getByRole("heading", { level: 2, name: new RegExp(`^${day}`) })).toBeVisible();
    }
    await expect(page.getByRole("heading", { level: 2, name: /Сегодня$/ })).toHaveCount(1);
    expect(await page.getByRole("article").count()).toBeGreaterThan(5);
    await expect(page.getByRole("article").first()).toContainText(/в \d\d:\d\d/);
    await expectPageMeta(page, /^Расписание \| AniLibria$/);

    await page
      .getByRole("navigation", { name: "Дни недели" })
      .getByRole("link", { name: /^Среда/ })
      .click();
    await expect(page).toHaveURL(/\/anime\/schedule\?day=3$/);
    // The address changes a moment before React commits the new page: wait for the single day to replace the week.
    await expect(page.getByRole("heading", { level: 2 })).toHaveCount(1);
    await expect(page.getByRole("heading", { level: 2 })).toHaveText(/^Среда/);
    await expect(page.getByRole("navigation", { name: "Дни недели" }).getByRole("link", { name: /^Среда/ })).toHaveAttribute(
      "aria-current",
      "true",
    );
    await page.getByRole("navigation", { name: "Соседние дни" }).getByRole("link", { name: "Четверг →" }).click();
    await expect(page).toHaveURL(/day=4/);
    await expect(page.getByRole("heading", { level: 2 })).toHaveText(/^Четверг/);
    expect(await daySections(page).count()).toBe(1);
  });

  test("switches to posters and searches, keeping the other choices in the address", { tag: "@js-only" }, async ({ page }) => {
    await page.goto("/anime/schedule?day=1");
    await page.getByRole("navigation", { name: "Вид" }).getByRole("link", { name: "Постеры" }).click();
    await expect(page).toHaveURL(/day=1&view=posters/);
    await expect(page.getByRole("list", { name: "Понедельник" }).locator("img").first()).toHaveAttribute("width", "300");

    const title = (await page.getByRole("article").first().getByRole("heading").textContent())!.trim();
    const word = title.split(/[\s:]+/)[0]!;
    await page.getByRole("navigation", { name: "Дни недели" }).getByRole("link", { name: "Вся неделя" }).click();
    await expect(page).toHaveURL(/\/anime\/schedule\?view=posters$/);
    await page.getByRole("searchbox", { name: "Поиск по расписанию" }).fill(word.toLowerCase());
    await page.getByRole("search", { name: "Поиск по расписанию" }).getByRole("button", { name: "Найти" }).click();
    await expect(page).toHaveURL(/view=posters&q=/);
    await expect(page.getByRole("heading", { level: 2, name: `Результаты поиска «${word.toLowerCase()}»` })).toBeVisible();
    const found = page.getByRole("article");
    expect(await found.count()).toBeGreaterThan(0);
    // Word forms match too («проклятый» finds «проклятого»): every title holds the word without its ending.
    const stem = word.toLowerCase().slice(0, Math.max(4, word.length - 2));
    for (const heading of await found.getByRole("heading").allTextContents()) expect(heading.toLowerCase()).toContain(stem);

    await page.getByRole("searchbox", { name: "Поиск по расписанию" }).fill("щщщщщщ");
    await page.getByRole("search", { name: "Поиск по расписанию" }).getByRole("button", { name: "Найти" }).click();
    await expect(page.getByText("В расписании нет релизов с таким названием.")).toBeVisible();
  });

  test.describe("in another time zone", () => {
    test.use({ timezoneId: "America/Los_Angeles" });

    test(
      "days and times follow the browser's zone after hydration, and the next server render uses it",
      { tag: "@js-only" },
      async ({ page }) => {
        const firstHtml = await (await page.request.get("/anime/schedule")).text();
        expect(firstHtml).toContain("(Europe/Moscow)");
        await page.goto("/anime/schedule");
        await expect(page.getByText("(America/Los_Angeles)")).toBeVisible();
        // The browser remembered its zone in a cookie: the server now draws the week in it.
        await expect
          .poll(async () => (await (await page.request.get("/anime/schedule")).text()).includes("(America/Los_Angeles)"))
          .toBe(true);
        // Moscow is 11 hours ahead in November: a Moscow time before 11:00 moves to the previous day.
        const times = await page
          .getByRole("article")
          .locator("p")
          .filter({ hasText: /^в \d\d:\d\d$/ })
          .allTextContents();
        expect(times.length).toBeGreaterThan(0);
      },
    );
  });
});

test.describe("for crawlers", () => {
  test("the HTML sitemap lists sections, genres, franchises and releases by page", { tag: "@js-only" }, async ({ page }) => {
    await page.goto("/app/sitemap");
    await expect(page.getByRole("heading", { level: 1, name: "Карта сайта" })).toBeVisible();
    for (const [region, minimum] of [
      ["Разделы", 10],
      ["Жанры", 10],
      ["Франшизы", 1],
      ["Релизы", 40],
    ] as const) {
      expect(await page.getByRole("region", { name: region }).getByRole("listitem").count()).toBeGreaterThanOrEqual(minimum);
    }
    await expect(page.getByRole("link", { name: "Расписание" })).toHaveAttribute("href", "/anime/schedule");
    await page.getByRole("navigation", { name: "Релизы: страницы" }).getByRole("link", { name: "Страница 2", exact: true }).click();
    await expect(page).toHaveURL(/\/app\/sitemap\?page=2$/);
    await expect(page.getByText(/^Релизы: страница 2 из \d+$/)).toBeVisible();
  });
});
