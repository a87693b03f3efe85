// Request-level twins of the sections' checks (tests/e2e/sections.spec.ts) for a search engine, a browser without
// JavaScript and the server whose API client goes over HTTP: real data, paging by links, the spec's 404s and the
// crawler files (decisions 0261, 0267).
import { within } from "@testing-library/dom";
import { describe, expect, test } from "vitest";
import { switchKeyboardLayout } from "~/domain/keyboard-layout";
import { expectPageMeta, expectPaging } from "./support/expectations";
import { formGetPath, hrefOf, loadPage, request, siteUrl, textOf, visitors, type LoadedPage, type Visitor } from "./support/page";

/** The schedule's search form sent as a browser without JavaScript sends it: the words typed, «Найти» pressed. */
async function searchSchedule(page: LoadedPage, words: string, visitor: Visitor): Promise<LoadedPage> {
  const search = page.screen.getByRole("search", { name: "Поиск по расписанию" });
  within(search).getByRole("searchbox", { name: "Поиск по расписанию" }).setAttribute("value", words);
  const submitter = within(search).getByRole("button", { name: "Найти" });
  const form = submitter.closest("form");
  if (!form) throw new Error("the schedule's search button is outside a form");
  return loadPage(formGetPath(page, form, { submitter }), visitor);
}

const WEEK = ["Понедельник", "Вторник", "Среда", "Четверг", "Пятница", "Суббота", "Воскресенье"];

describe.each(visitors("crawler", "withoutJavaScript", "overHttp"))("public sections for %s", (_, visitor) => {
  test("the genres list every genre with its picture and release count", async () => {
    const page = await loadPage("/anime/genres/", visitor);
    expect(page.status).toBe(200);
    page.screen.getByRole("heading", { level: 1, name: "Жанры" });
    const genres = within(page.screen.getByRole("list", { name: "Жанры" })).getAllByRole("listitem");
    expect(genres.length).toBeGreaterThan(10);
    expect(textOf(genres[0])).toMatch(/\d+ релиз/);
    expect(genres[0]!.querySelector("img")?.getAttribute("width")).toBe("240");
    expectPageMeta(page, /^Жанры \| AniLibria$/);
  });

  test("a genre shows its releases and pages through them", async () => {
    const genres = await loadPage("/anime/genres/", visitor);
    const first = within(genres.screen.getByRole("list", { name: "Жанры" })).getAllByRole("link")[0]!;
    const name = textOf(first.querySelector("span span"));
    const page = await loadPage(hrefOf(first), visitor);
    expect(page.path).toMatch(/^\/anime\/genres\/releasesOfGenre\/\d+$/);
    expect(textOf(page.screen.getByRole("heading", { level: 1 }))).toBe(`Аниме в жанре «${name}»`);
    const releases = (loaded: LoadedPage) =>
      within(loaded.screen.getByRole("region", { name: `Релизы жанра «${name}»` })).queryAllByRole("article");
    expectPageMeta(page, new RegExp(`^Аниме в жанре «${name}» \\| AniLibria$`));
    await expectPaging(page, visitor, releases, /^Релизы жанра .*: страницы$/);
  });

  test("the latest releases show their latest episode and page through them", async () => {
    const page = await loadPage("/anime/releases/latest/", visitor);
    page.screen.getByRole("heading", { level: 1, name: "Новые релизы" });
    const releases = (loaded: LoadedPage) => within(loaded.screen.getByRole("region", { name: "Новые релизы" })).queryAllByRole("article");
    expect(textOf(releases(page)[0])).toMatch(/Серия \d+/);
    expectPageMeta(page, /^Новые релизы \| AniLibria$/);
    await expectPaging(page, visitor, releases, /^Новые релизы: страницы$/);
  });

  test("the franchise list leads to a franchise with its releases in order and its totals", async () => {
    const list = await loadPage("/anime/franchises/", visitor);
    list.screen.getByRole("heading", { level: 1, name: "Франшизы" });
    const franchises = within(list.screen.getByRole("list", { name: "Франшизы" })).getAllByRole("article");
    expect(franchises.length).toBeGreaterThan(0);
    expectPageMeta(list, /^Франшизы \| AniLibria$/);

    const link = within(within(franchises[0]!).getAllByRole("heading")[0]!).getByRole("link");
    const name = textOf(link);
    const page = await loadPage(hrefOf(link), visitor);
    expect(page.path).toMatch(/^\/anime\/franchises\/[0-9a-f-]+$/);
    expect(textOf(page.screen.getByRole("heading", { level: 1 }))).toBe(name);
    const terms = page.screen.getAllByRole("term").map(textOf);
    for (const term of ["Релизов", "Серий", "Продолжительность", "Годы"]) expect(terms.some((text) => text.includes(term))).toBe(true);
    const order = within(page.screen.getByRole("region", { name: "Порядок просмотра" })).getAllByRole("listitem");
    expect(order.length).toBeGreaterThan(0);
    within(order[0]!).getByRole("article");
    expectPageMeta(page, new RegExp(`^${name} \\| AniLibria$`));
  });

  test("the torrent feed shows quality, size, peers and both downloads, and pages", async () => {
    const page = await loadPage("/anime/torrents/", visitor);
    page.screen.getByRole("heading", { level: 1, name: "Торренты" });
    const rows = (loaded: LoadedPage) =>
      within(loaded.screen.getByRole("table"))
        .getAllByRole("row")
        .filter((row) => within(row).queryAllByRole("cell").length > 0);
    const row = rows(page)[0]!;
    expect(textOf(row)).toMatch(/\d+p/);
    expect(textOf(row)).toMatch(/[ГМ]Б/);
    expect(
      within(row)
        .getByRole("link", { name: /^Магнет-ссылка:/ })
        .getAttribute("href"),
    ).toMatch(/^magnet:\?xt=urn:btih:/);
    const fileHref = hrefOf(within(row).getByRole("link", { name: /^Скачать \.torrent:/ }));
    expect(fileHref).toMatch(/\/anime\/torrents\/[0-9a-f]+\/file/);
    const file = await request(fileHref, visitor);
    expect(file.status).toBe(200);
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 1)
        .toString(),
    ).toBe("d");
    expectPageMeta(page, /^Торренты \| AniLibria$/);
    await expectPaging(page, visitor, rows, /^Торренты: страницы$/);
  });

  test("the schedule shows the whole week by day, then one day, with day switchers", async () => {
    const week = await loadPage("/anime/schedule", visitor);
    week.screen.getByRole("heading", { level: 1, name: "Расписание" });
    for (const day of WEEK) week.screen.getByRole("heading", { level: 2, name: new RegExp(`^${day}`) });
    expect(week.screen.getAllByRole("heading", { level: 2, name: /Сегодня$/ })).toHaveLength(1);
    expect(week.screen.getAllByRole("article").length).toBeGreaterThan(5);
    expect(textOf(week.screen.getAllByRole("article")[0])).toMatch(/в \d\d:\d\d/);
    expectPageMeta(week, /^Расписание \| AniLibria$/);

    const days = () => week.screen.getByRole("navigation", { name: "Дни недели" });
    const wednesday = await loadPage(hrefOf(within(days()).getByRole("link", { name: /^Среда/ })), visitor);
    expect(wednesday.path).toMatch(/^\/anime\/schedule\?day=3$/);
    const headings = wednesday.screen.getAllByRole("heading", { level: 2 });
    expect(headings).toHaveLength(1);
    expect(textOf(headings[0])).toMatch(/^Среда/);
    const wednesdayDays = wednesday.screen.getByRole("navigation", { name: "Дни недели" });
    expect(
      within(wednesdayDays)
        .getByRole("link", { name: /^Среда/ })
        .getAttribute("aria-current"),
    ).toBe("true");
    const neighbours = wednesday.screen.getByRole("navigation", { name: "Соседние дни" });
    const thursday = await loadPage(hrefOf(within(neighbours).getByRole("link", { name: "Четверг →" })), visitor);
    expect(thursday.path).toMatch(/day=4/);
    expect(textOf(thursday.screen.getByRole("heading", { level: 2 }))).toMatch(/^Четверг/);
    const daySections = thursday.screen
      .getAllByRole("region")
      .filter((region) => within(region).queryAllByRole("heading", { level: 2 }).length);
    expect(daySections).toHaveLength(1);
  });

  test("the schedule switches to posters and searches, keeping the other choices in the address", async () => {
    const monday = await loadPage("/anime/schedule?day=1", visitor);
    const views = monday.screen.getByRole("navigation", { name: "Вид" });
    const posters = await loadPage(hrefOf(within(views).getByRole("link", { name: "Постеры" })), visitor);
    expect(posters.path).toMatch(/day=1&view=posters/);
    expect(posters.screen.getByRole("list", { name: "Понедельник" }).querySelector("img")?.getAttribute("width")).toBe("300");

    const title = textOf(within(posters.screen.getAllByRole("article")[0]!).getAllByRole("heading")[0]);
    const word = title.split(/[\s:]+/)[0]!.toLowerCase();
    const days = posters.screen.getByRole("navigation", { name: "Дни недели" });
    const week = await loadPage(hrefOf(within(days).getByRole("link", { name: "Вся неделя" })), visitor);
    expect(week.path).toMatch(/^\/anime\/schedule\?view=posters$/);
    const found = await searchSchedule(week, word, visitor);
    expect(found.path).toMatch(/view=posters&q=/);
    found.screen.getByRole("heading", { level: 2, name: `Результаты поиска «${word}»` });
    const headings = found.screen.getAllByRole("article").map((article) => textOf(within(article).getAllByRole("heading")[0]));
    expect(headings.length).toBeGreaterThan(0);
    // Word forms match too («проклятый» finds «проклятого»): every title holds the word without its ending.
    const stem = word.slice(0, Math.max(4, word.length - 2));
    for (const heading of headings) expect(heading.toLowerCase()).toContain(stem);

    const nothing = await searchSchedule(found, "щщщщщщ", visitor);
    nothing.screen.getByText("В расписании нет релизов с таким названием.");
  });

  test("the schedule's search in the wrong keyboard layout names one query, the one it found, as the catalogue does", async () => {
    const week = await loadPage("/anime/schedule?view=posters", visitor);
    const word = textOf(within(week.screen.getAllByRole("article")[0]!).getAllByRole("heading")[0])
      .split(/[\s:]+/)[0]!
      .toLowerCase();
    const typed = switchKeyboardLayout(word)!;
    const found = await searchSchedule(week, typed, visitor);
    found.screen.getByText(`Показаны результаты по запросу «${word}»`);
    found.screen.getByRole("heading", { level: 2, name: `Результаты поиска «${word}»` });
    expect(found.screen.getAllByRole("article").length).toBeGreaterThan(0);
    // What was typed is left in the search box only: no heading or list names it.
    const named = [...found.screen.getAllByRole("heading"), ...found.screen.getAllByRole("list")].map(
      (element) => `${textOf(element)} ${element.getAttribute("aria-label") ?? ""}`,
    );
    for (const text of named) expect(text).not.toContain(typed);
  });

  test("the latest videos link out to where they are hosted", async () => {
    const page = await loadPage("/media/videos/latest/", visitor);
    page.screen.getByRole("heading", { level: 1, name: "Видео" });
    const videos = within(page.screen.getByRole("list", { name: "Видео" })).getAllByRole("listitem");
    expect(videos.length).toBeGreaterThan(0);
    expect(within(videos[0]!).getByRole("link").getAttribute("href")).toMatch(/^https:\/\//);
    expect(textOf(videos[0])).toMatch(/\d[\d\s ]* просмотр/);
    expectPageMeta(page, /^Видео \| AniLibria$/);
  });

  test("the team page groups members by team with their roles", async () => {
    const page = await loadPage("/teams", visitor);
    page.screen.getByRole("heading", { level: 1, name: "Команда" });
    page.screen.getByRole("heading", { level: 2, name: "Озвучка" });
    expect(page.screen.getAllByRole("heading", { level: 3 }).length).toBeGreaterThan(5);
    expect(textOf(page.screen.getAllByRole("list", { name: "Роли" })[0])).toMatch(/\S/);
    expectPageMeta(page, /^Команда \| AniLibria$/);
  });

  test("the HTML sitemap lists sections, genres, franchises and releases by page", async () => {
    const page = await loadPage("/app/sitemap", visitor);
    page.screen.getByRole("heading", { level: 1, name: "Карта сайта" });
    for (const [region, minimum] of [
      ["Разделы", 10],
      ["Жанры", 10],
      ["Франшизы", 1],
      ["Релизы", 40],
    ] as const) {
      expect(within(page.screen.getByRole("region", { name: region })).getAllByRole("listitem").length).toBeGreaterThanOrEqual(minimum);
    }
    expect(page.screen.getByRole("link", { name: "Расписание" }).getAttribute("href")).toBe("/anime/schedule");
    const pages = page.screen.getByRole("navigation", { name: "Релизы: страницы" });
    const second = await loadPage(hrefOf(within(pages).getByRole("link", { name: "Страница 2" })), visitor);
    expect(second.path).toMatch(/^\/app\/sitemap\?page=2$/);
    second.screen.getByText(/^Релизы: страница 2 из \d+$/);
  });

  test("/sitemap.xml indexes the static file and the release files, which list every release", async () => {
    const baseURL = siteUrl(visitor.server);
    const index = await request("/sitemap.xml", visitor);
    expect(index.status).toBe(200);
    expect(index.headers.get("content-type")).toContain("application/xml");
    const indexXml = await index.text();
    expect(indexXml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const files = [...indexXml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
    expect(files).toEqual([`${baseURL}/sitemaps/static.xml`, `${baseURL}/sitemaps/releases-1.xml`]);

    const staticXml = await (await request("/sitemaps/static.xml", visitor)).text();
    expect(staticXml).toContain(`<loc>${baseURL}/anime/schedule</loc>`);
    expect(staticXml).toMatch(/<loc>[^<]+\/anime\/genres\/releasesOfGenre\/\d+<\/loc>/);
    expect(staticXml).toMatch(/<loc>[^<]+\/anime\/franchises\/[0-9a-f-]+<\/loc>/);

    const releasesXml = await (await request("/sitemaps/releases-1.xml", visitor)).text();
    const releaseUrls =
      releasesXml.match(/<url><loc>[^<]+\/anime\/releases\/release\/[^<]+<\/loc>(<lastmod>\d{4}-\d\d-\d\d<\/lastmod>)?<\/url>/g) ?? [];
    const catalogue = (await (await request("/api/v1/anime/catalog/releases?limit=1", visitor)).json()) as {
      meta: { pagination: { total: number } };
    };
    expect(releaseUrls).toHaveLength(catalogue.meta.pagination.total);
    expect(new Set(releaseUrls).size).toBe(catalogue.meta.pagination.total);
    expect((await request("/sitemaps/releases-2.xml", visitor)).status).toBe(404);
    expect((await request("/sitemaps/anything.xml", visitor)).status).toBe(404);
  });
});

describe.each(visitors("crawler", "withoutJavaScript"))("the spec's 404s and fallbacks for %s", (_, visitor) => {
  test.each(["/anime/genres/releasesOfGenre/999999", "/anime/genres/releasesOfGenre/abc", "/anime/genres/releasesOfGenre/1?page=500"])(
    "%s is the spec's 404",
    async (path) => {
      const page = await loadPage(path, visitor);
      expect(page.status).toBe(404);
      expect(textOf(page.screen.getByRole("heading", { level: 1 }))).toBe("404");
    },
  );

  test("an unknown franchise is the spec's 404", async () => {
    const page = await loadPage("/anime/franchises/00000000-0000-4000-8000-000000000000", visitor);
    expect(page.status).toBe(404);
    expect(textOf(page.screen.getByRole("heading", { level: 1 }))).toBe("404");
  });

  test("a made-up page number of the latest releases falls back to the first page", async () => {
    const page = await loadPage("/anime/releases/latest/?page=abc", visitor);
    expect(page.status).toBe(200);
    expect(within(page.screen.getByRole("region", { name: "Новые релизы" })).getAllByRole("article").length).toBeGreaterThan(0);
  });

  test("bad schedule parameters fall back to the defaults", async () => {
    const page = await loadPage("/anime/schedule?day=9&view=list&only=everything", visitor);
    expect(page.status).toBe(200);
    page.screen.getByRole("heading", { level: 2, name: /^Понедельник/ });
    expect(page.screen.queryAllByRole("navigation", { name: "Показывать" })).toHaveLength(0);
  });
});

describe.each(visitors("crawler", "withoutJavaScript"))("public sections' fixed pages for %s", (_, visitor) => {
  test("the rules cover accounts, conduct and copyright with the complaint address", async () => {
    const page = await loadPage("/rules", visitor);
    page.screen.getByRole("heading", { level: 1, name: "Правила сайта" });
    for (const heading of ["Аккаунт", "Комментарии и общение", "Авторские права"])
      expect(page.screen.getAllByRole("heading", { level: 2, name: new RegExp(heading) }).length).toBeGreaterThan(0);
    expect(
      within(page.screen.getByRole("main"))
        .getByRole("link", { name: /^abuse@/ })
        .getAttribute("href"),
    ).toMatch(/^mailto:abuse@/);
    expectPageMeta(page, /^Правила сайта \| AniLibria$/);
  });

  test("the support page offers four ways and the contact address", async () => {
    const page = await loadPage("/support", visitor);
    page.screen.getByRole("heading", { level: 1, name: "Поддержать проект" });
    for (const [name, host] of [
      ["Boosty", "boosty.to"],
      ["ЮMoney", "yoomoney.ru"],
      ["Patreon", "patreon.com"],
      ["Telegram", "t.me"],
    ] as const) {
      page.screen.getByRole("heading", { level: 3, name });
      expect(page.screen.getByRole("link", { name: new RegExp(`— ${name}`) }).getAttribute("href")).toMatch(
        new RegExp(`^https://(www\\.)?${host.replace(".", "\\.")}/`),
      );
    }
    expect(within(page.screen.getByRole("main")).getByRole("link", { name: /^ads@/ }).getAttribute("href")).toMatch(/^mailto:/);
    expectPageMeta(page, /^Поддержать проект \| AniLibria$/);
  });

  test("/robots.txt opens public pages and closes private ones", async () => {
    const response = await request("/robots.txt", visitor);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain");
    const lines = (await response.text()).split("\n");
    expect(lines).toContain("User-agent: *");
    for (const path of ["/me/", "/app/settings/", "/app/auth/", "/api/", "/embedded/", "/dev/"])
      expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).toContain(`Sitemap: ${siteUrl(visitor.server)}/sitemap.xml`);
  });
});
