// Request-level twins of the shell's, home page's, catalogue's and player page's checks for a search engine, a browser
// without JavaScript and the server whose API client goes over HTTP (tests/e2e/shell, home, catalog, new-episodes,
// player and pwa-vast-sdk specs; decisions 0261, 0267).
import { within } from "@testing-library/dom";
import { describe, expect, test } from "vitest";
import { findPlayableRelease } from "../support/demo-releases";
import { demoApi, formGetPath, hrefOf, loadPage, metaContent, request, textOf, visitors, VISITORS, type LoadedPage } from "./support/page";

const catalogueResults = (page: LoadedPage) => within(page.screen.getByRole("region", { name: "Каталог аниме" })).queryAllByRole("article");
const catalogueFilters = (page: LoadedPage) => page.screen.getAllByRole("form", { name: "Фильтры каталога" })[0]!;
const foundText = (page: LoadedPage) => textOf(page.screen.getByText(/^Найдено: /));

describe.each(visitors("crawler", "withoutJavaScript", "overHttp"))("shared pages for %s", (_, visitor) => {
  test("home is a Russian page with the product's metadata", async () => {
    const page = await loadPage("/", visitor);
    expect(page.status).toBe(200);
    const html = page.document.documentElement;
    expect(html.getAttribute("lang")).toBe("ru");
    expect(page.document.title).toMatch(/ \| AniLibria$/);
    expect(metaContent(page.document, "description")).toMatch(/русск/);
    expect(metaContent(page.document, "og:locale")).toBe("ru_RU");
    expect(metaContent(page.document, "theme-color")).toBe("#000000");
    expect(html.getAttribute("class")).toMatch(/dark/);
    expect(page.screen.getAllByRole("navigation", { name: "Разделы сайта" }).length).toBeGreaterThan(0);
    page.screen.getByRole("link", { name: "Войти" });
    const footer = textOf(page.screen.getByRole("contentinfo"));
    expect(footer).toContain("исключительно для домашнего ознакомительного просмотра");
    expect(footer).toContain(`© 2012–${new Date().getFullYear()}`);
  });

  test("the catalogue rejects nonsense in the address without an error", async () => {
    const page = await loadPage("/anime/catalog/?types=%3Cscript%3E&genres=abc&yearFrom=x&page=-5&sorting=DROP", visitor);
    expect(page.status).toBe(200);
    expect(catalogueResults(page).length).toBeGreaterThan(0);
  });
});

describe.each(visitors("withoutJavaScript", "overHttp"))("the catalogue's search and filters for %s", (_, visitor) => {
  test("a filter applied from the catalogue's form narrows the list", async () => {
    const page = await loadPage("/anime/catalog/", visitor);
    const before = foundText(page);
    const ova = within(catalogueFilters(page)).getByRole("checkbox", { name: "OVA" });
    const filtered = await loadPage(formGetPath(page, ova.closest("form")!, { check: [ova] }), visitor);
    expect(filtered.path).toMatch(/types=OVA/);
    expect(foundText(filtered)).not.toBe(before);
    expect(textOf(catalogueResults(filtered)[0])).toContain("OVA");
  });

  test("the catalogue finds a title by its words in any order and in other word forms", async () => {
    for (const search of ["маяк грозового", "keepers stormy"]) {
      const page = await loadPage(`/anime/catalog/?search=${encodeURIComponent(search)}`, visitor);
      expect(catalogueResults(page).filter((result) => textOf(result).includes("Хранители грозового маяка: Финал"))).toHaveLength(1);
    }
  });
});

describe.each(visitors("crawler", "overHttp"))("first HTML for %s", (_, visitor) => {
  test("the first HTML of home already holds every block", async () => {
    const { html } = await loadPage("/", { ...visitor, userAgent: VISITORS.crawler.userAgent });
    expect(html).toContain("Анонсы и акции");
    expect(html).toContain("Сегодня в расписании");
    expect(html).toContain("Новые серии");
  });
});

describe.each(visitors("crawler", "withoutJavaScript"))("headers for %s", (_, visitor) => {
  test("every HTML page carries a nonce-based CSP and the security headers", async () => {
    const page = await loadPage("/", visitor);
    const policy = page.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce).toBeTruthy();
    expect(policy).toContain("frame-ancestors 'none'");
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");
    expect(page.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    const scripts = [...page.html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script).toContain(`nonce="${nonce}"`);
  });
});

describe.each(visitors("crawler", "withoutJavaScript", "overHttp"))("content for %s", (_, visitor) => {
  test("the home page shows promotions, new episodes and today's schedule from the API", async () => {
    const page = await loadPage("/", visitor);
    expect(page.status).toBe(200);
    expect(within(page.screen.getByRole("list", { name: "Анонсы и акции" })).getAllByRole("listitem").length).toBeGreaterThan(0);
    const latest = within(page.screen.getByRole("region", { name: "Новые серии" }));
    expect(latest.getAllByRole("article")).toHaveLength(12);
    expect(latest.getAllByRole("link", { name: /Смотреть \d+(,\d+)?-ю серию/ })[0]!.getAttribute("href")).toMatch(
      /^\/anime\/video\/episode\//,
    );
    page.screen.getByRole("region", { name: "Сегодня в расписании" });
  });

  test("the catalogue lists real releases with every filter block", async () => {
    const page = await loadPage("/anime/catalog/", visitor);
    expect(catalogueResults(page).length).toBeGreaterThan(0);
    const filters = catalogueFilters(page);
    for (const legend of ["Тип", "Жанры", "Годы выхода", "Сезон", "Сортировка", "Возрастной рейтинг", "Статус выхода", "Статус озвучки"])
      within(filters).getByRole("group", { name: legend });
    expect(foundText(page)).toContain("релиз");
  });
});

test.each([
  ["a search engine", VISITORS.crawler],
  ["a browser without JavaScript", VISITORS.withoutJavaScript],
] as const)("an unknown episode answers %s 404", async (_, visitor) => {
  expect((await request("/anime/video/episode/00000000-0000-4000-8000-000000000000", visitor)).status).toBe(404);
});

describe("pages for a search engine", () => {
  const visitor = VISITORS.crawler;

  test("an unknown address gives a bare noindex page with the status", async () => {
    const page = await loadPage("/no-such-page", visitor);
    expect(page.status).toBe(404);
    expect(metaContent(page.document, "robots")).toBe("noindex");
    expect(textOf(page.screen.getByRole("heading", { level: 1 }))).toBe("404");
  });

  test("the queue view keeps navigation in the queue and is not indexed", async () => {
    const release = await findPlayableRelease(demoApi(visitor.server));
    const page = await loadPage(`/anime/video/queue/${release.episodes[0]!.id}`, visitor);
    expect(metaContent(page.document, "robots")).toMatch(/noindex/);
    const queue = within(page.screen.getByRole("region", { name: /Серии/ }));
    expect(hrefOf(queue.getAllByRole("link")[1]!)).toBe(`/anime/video/queue/${release.episodes[1]!.id}`);
  });

  test("the VAST test page reads the chain, says it is for developers and is never indexed", async () => {
    const page = await loadPage("/dev/vastSdkTest", visitor);
    expect(page.status).toBe(200);
    expect(page.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    expect(metaContent(page.document, "robots")).toMatch(/noindex/);
    page.screen.getByRole("heading", { level: 1, name: "Проверка рекламного SDK (VAST)" });
    expect(textOf(page.screen.getByRole("note"))).toContain("Страница для разработчиков");
  });
});

describe("pages for a browser without JavaScript", () => {
  const visitor = VISITORS.withoutJavaScript;

  test("an unknown address answers 404 with the spec's error page, and a way home", async () => {
    const page = await loadPage("/no-such-page", visitor);
    expect(page.status).toBe(404);
    expect(textOf(page.screen.getByRole("heading", { level: 1 }))).toBe("404");
    page.screen.getByText("Извините, но мы не смогли найти страницу, которую вы искали");
    expect(metaContent(page.document, "robots")).toMatch(/noindex/);
    expect(page.document.title).toBe("404");
    const home = await loadPage(hrefOf(page.screen.getByRole("link", { name: "На главную" })), visitor);
    expect(home.path).toBe("/");
    expect(home.status).toBe(200);
  });

  test("a visitor's new episodes page asks to sign in, and home has no such block", async () => {
    const page = await loadPage("/me/new-episodes/", visitor);
    page.screen.getByRole("heading", { level: 1, name: "Вышли новые серии" });
    page.screen.getByText(/Войдите, чтобы видеть новые серии/);
    const home = await loadPage("/", visitor);
    expect(home.screen.queryAllByRole("heading", { name: "Вышли новые серии" })).toHaveLength(0);
  });

  test("a light-theme cookie gives a light first paint", async () => {
    const page = await loadPage("/", { ...visitor, headers: { Cookie: "theme=light" } });
    expect(page.html).toMatch(/<html lang="ru" class="light"/);
    expect(page.document.documentElement.getAttribute("class")).toMatch(/light/);
  });

  test("catalogue filters live in the address and survive a reload", async () => {
    for (let load = 0; load < 2; load += 1) {
      const page = await loadPage("/anime/catalog/?types=MOVIE&yearFrom=2000", visitor);
      expect(within(catalogueFilters(page)).getByRole("checkbox", { name: "Фильм" }).hasAttribute("checked")).toBe(true);
      const texts = catalogueResults(page).map(textOf);
      expect(texts.length).toBeGreaterThan(0);
      for (const text of texts) expect(text).toContain("Фильм");
    }
  });

  test("the catalogue says so when nothing matches", async () => {
    const page = await loadPage("/anime/catalog/?search=%D1%89%D1%89%D1%89%D1%89%D1%89%D1%89", visitor);
    page.screen.getByRole("heading", { name: "Ничего не нашлось" });
    const reset = await loadPage(hrefOf(page.screen.getByRole("link", { name: "Сбросить фильтры" })), visitor);
    expect(catalogueResults(reset).length).toBeGreaterThan(0);
  });

  test("the catalogue retries a search typed in the wrong keyboard layout and says so", async () => {
    const retried = await loadPage(`/anime/catalog/?search=${encodeURIComponent("[hfybntkb")}`, visitor);
    expect(
      retried.screen.getAllByRole("status").some((status) => textOf(status).includes("Показаны результаты по запросу «хранители»")),
    ).toBe(true);
    expect(textOf(catalogueResults(retried)[0])).toContain("Хранители");
    // A search that finds something as typed gets no notice.
    const asTyped = await loadPage("/anime/catalog/?search=%D1%85%D1%80%D0%B0%D0%BD%D0%B8%D1%82%D0%B5%D0%BB%D0%B8", visitor);
    expect(textOf(catalogueResults(asTyped)[0])).toContain("Хранители");
    expect(asTyped.screen.queryAllByText(/Показаны результаты по запросу/)).toHaveLength(0);
  });

  test("the catalogue pages with links", async () => {
    const page = await loadPage("/anime/catalog/", visitor);
    const link = within(page.screen.getByRole("navigation", { name: "Страницы" })).getByRole("link", { name: /Страница 2/ });
    const second = await loadPage(hrefOf(link), visitor);
    expect(second.path).toMatch(/page=2/);
    expect(second.screen.getByRole("navigation", { name: "Страницы" }).querySelector('[aria-current="page"]')?.textContent).toBe("2");
    expect(catalogueResults(second).length).toBeGreaterThan(0);
  });
});
