// Request-level twins of the release page's checks (tests/e2e/release-page.spec.ts) for a search engine, a browser
// without JavaScript and the server whose API client goes over HTTP: the page and its tabs, their addresses, the
// placeholders (decisions 0261, 0267).
import { within } from "@testing-library/dom";
import { describe, expect, test } from "vitest";
import { announcedReleaseWithoutEpisodes, findRelease, releaseUrl, richRelease, type ApiRelease } from "../support/demo-releases";
import { demoApi, hrefOf, loadPage, textOf, visitors, VISITORS, type LoadedPage } from "./support/page";

const tabs = (page: LoadedPage) => page.screen.getByRole("tablist", { name: "Разделы релиза" });
const canonicalOf = (page: LoadedPage) => page.document.querySelector('link[rel="canonical"]')?.getAttribute("href");

const TAB_CHECKS: [string, string, (page: LoadedPage, release: ApiRelease) => void][] = [
  ["/episodes", "Серии", (page) => void within(page.screen.getByRole("list", { name: "Серии" })).getAllByRole("link")[0]],
  [
    "/torrents",
    "Торренты",
    (page) => {
      expect(page.screen.getAllByRole("link", { name: /^Скачать \.torrent/ })[0]!.getAttribute("href")).toMatch(
        /\/anime\/torrents\/[^/]+\/file/,
      );
      expect(page.screen.getAllByRole("link", { name: /^Magnet-ссылка/ })[0]!.getAttribute("href")).toMatch(/^magnet:\?/);
      expect(page.screen.getAllByText(/Раздают:/).length).toBeGreaterThan(0);
      expect(page.screen.getAllByText(/Размер:/).length).toBeGreaterThan(0);
    },
  ],
  ["/members", "Участники", (page) => void within(page.screen.getByRole("tabpanel")).getAllByRole("heading", { level: 3 })],
  [
    "/franchises",
    "Франшизы",
    (page, release) => {
      expect(page.screen.getAllByRole("link", { name: "Вся франшиза" })[0]!.getAttribute("href")).toMatch(/^\/anime\/franchises\//);
      expect(textOf(page.screen.getByRole("tabpanel").querySelector('a[aria-current="page"]'))).toContain(release.name.main);
    },
  ],
];

describe.each(visitors("crawler", "withoutJavaScript", "overHttp"))("the release page for %s", (_, visitor) => {
  const api = demoApi(visitor.server);

  test("shows the heading, labels, actions, parameters, description and side blocks", async () => {
    const release = await richRelease(api);
    const page = await loadPage(releaseUrl(release), visitor);
    expect(page.status).toBe(200);
    expect(textOf(page.screen.getByRole("heading", { level: 1 }))).toBe(release.name.main);
    page.screen.getByRole("img", { name: `Постер: ${release.name.main}` });
    expect(textOf(page.screen.getByRole("list", { name: "Метки" }))).toContain("Завершён");
    expect(page.screen.getAllByRole("term").some((term) => textOf(term).includes("Тип"))).toBe(true);
    page.screen.getByRole("heading", { name: "Описание" });
    expect(page.screen.getByRole("link", { name: "Смотреть" }).getAttribute("href")).toMatch(/^\/anime\/video\/episode\//);
    // Visitors are offered to sign in instead of the list controls.
    expect(page.screen.getByRole("link", { name: /В избранное/ }).getAttribute("href")).toBe(
      `/app/auth/login?redirectTo=${encodeURIComponent(releaseUrl(release))}`,
    );
    expect(page.screen.getByRole("link", { name: /В коллекцию/ }).getAttribute("href")).toMatch(/^\/app\/auth\/login\?redirectTo=/);
    page.screen.getByRole("heading", { name: "Рекомендуем" });
    // No ad network fills the slot: it is marked for one, not shown as an empty box (decision 0255).
    for (const slot of page.document.querySelectorAll("[data-ad-slot]")) expect(slot.closest("[hidden]")).not.toBeNull();
    expect(page.screen.queryAllByText("Реклама")).toHaveLength(0);
    expect(page.document.title).toBe(`${release.name.main} — смотреть онлайн | AniLibria`);
    expect(canonicalOf(page)).toMatch(new RegExp(`${releaseUrl(release)}$`));
    expect(page.document.querySelector('meta[property="og:image"]')?.getAttribute("content")).toMatch(/\/storage\/posters\//);
  });

  test.each(TAB_CHECKS)("the %s tab has its own address", async (path, name, check) => {
    const release = await richRelease(api);
    const page = await loadPage(releaseUrl(release, path), visitor);
    expect(page.status).toBe(200);
    expect(within(tabs(page)).getByRole("tab", { name }).getAttribute("aria-selected")).toBe("true");
    expect(within(tabs(page)).getAllByRole("tab", { selected: false })).toHaveLength(3);
    expect(textOf(page.screen.getByRole("heading", { level: 1 }))).toBe(release.name.main);
    check(page, release);
    expect(page.document.title).toBe(
      path === "/episodes" ? `${release.name.main} — смотреть онлайн | AniLibria` : `${name}: ${release.name.main} | AniLibria`,
    );
    // The episodes tab's own address points search engines at the release's address.
    const canonical = path === "/episodes" ? releaseUrl(release) : releaseUrl(release, path);
    expect(canonicalOf(page)).toMatch(new RegExp(`${canonical}$`));
  });

  test("blocked and empty releases show their placeholders", async () => {
    const cases: [ApiRelease, string][] = [
      [
        await findRelease(api, "geo-blocked release", (release) => release.is_blocked_by_geo && !release.age_rating.is_adult),
        "Недоступно в вашем регионе",
      ],
      [
        await findRelease(api, "copyright-blocked release", (release) => release.is_blocked_by_copyrights && !release.age_rating.is_adult),
        "Заблокировано правообладателем",
      ],
    ];
    for (const [release, heading] of cases) {
      const page = await loadPage(releaseUrl(release), visitor);
      within(page.screen.getByRole("tabpanel")).getByRole("heading", { name: heading });
      expect(page.screen.queryAllByRole("link", { name: "Смотреть" })).toHaveLength(0);
    }
    const announced = await announcedReleaseWithoutEpisodes(api);
    if (!announced) throw new Error("The demo data has no announced release without episodes");
    const page = await loadPage(releaseUrl(announced), visitor);
    within(page.screen.getByRole("tabpanel")).getByRole("heading", { name: "Серий пока нет" });
  });
});

describe.each(visitors("withoutJavaScript", "overHttp"))("the release page's episode views for %s", (_, visitor) => {
  const api = demoApi(visitor.server);

  test("the episodes tab lists episodes that open the player, as list or previews, in either order", async () => {
    const release = await richRelease(api);
    const page = await loadPage(releaseUrl(release), visitor);
    expect(within(tabs(page)).getByRole("tab", { name: "Серии" }).getAttribute("aria-selected")).toBe("true");
    // Each episode's card (its "Скачать" link beside it opens the player's save-for-offline picker).
    const episodes = (loaded: LoadedPage) =>
      within(loaded.screen.getByRole("list", { name: "Серии" }))
        .getAllByRole("link")
        .filter((link) => !/^Скачать$/.test(textOf(link)));
    expect(
      within(page.screen.getByRole("list", { name: "Серии" }))
        .getAllByRole("link", { name: /^Скачать для просмотра без сети: / })[0]!
        .getAttribute("href"),
    ).toMatch(/^\/anime\/video\/episode\/[^/]+#offline-save$/);
    expect(episodes(page)[0]!.getAttribute("href")).toMatch(/^\/anime\/video\/episode\/[^/]+$/);
    expect(textOf(episodes(page)[0])).toContain("Серия 1");
    const count = episodes(page).length;

    const newestFirstLink = (loaded: LoadedPage) =>
      within(loaded.screen.getByRole("group", { name: "Порядок" })).getByRole("link", { name: "Сначала новые" });
    const newestFirst = await loadPage(hrefOf(newestFirstLink(page)), visitor);
    expect(newestFirst.path).toMatch(/sort=desc/);
    expect(textOf(episodes(newestFirst)[0])).toContain(`Серия ${count}`);
    expect(newestFirstLink(newestFirst).getAttribute("aria-current")).toBe("true");

    const previewsLink = within(newestFirst.screen.getByRole("group", { name: "Вид списка" })).getByRole("link", { name: "Превью" });
    const previews = await loadPage(hrefOf(previewsLink), visitor);
    expect(previews.path).toMatch(/view=previews/);
    expect(previews.path).toMatch(/sort=desc/);
    expect(episodes(previews)).toHaveLength(count);
    expect(episodes(previews)[0]!.querySelector("img")).not.toBeNull();
    expect(textOf(episodes(previews)[0])).toContain(`Серия ${count}`);
  });
});

// A search engine gets the bare 404 page (below); a person the site's, with its message.
describe.each(visitors("withoutJavaScript"))("an unknown release for %s", (_, visitor) => {
  test.each([
    "/anime/releases/release/no-such-release-at-all",
    "/anime/releases/release/no-such-release-at-all/torrents",
    "/anime/releases/release/%3Cscript%3E",
  ])("%s is the 404 page", async (path) => {
    const page = await loadPage(path, visitor);
    expect(page.status).toBe(404);
    page.screen.getByText("Извините, но мы не смогли найти страницу, которую вы искали");
  });
});

describe("the release page for a search engine", () => {
  const visitor = VISITORS.crawler;

  test("an unknown alias answers 404 with a noindex page", async () => {
    const page = await loadPage("/anime/releases/release/no-such-release-at-all", visitor);
    expect(page.status).toBe(404);
    expect(page.document.querySelector('meta[name="robots"]')?.getAttribute("content")).toMatch(/noindex/);
  });

  test("the release comes as schema.org JSON-LD with the CSP nonce", async () => {
    const release = await richRelease(demoApi(visitor.server));
    const page = await loadPage(releaseUrl(release), visitor);
    const nonce = /'nonce-([^']+)'/.exec(page.headers.get("content-security-policy") ?? "")?.[1];
    const script = /<script type="application\/ld\+json" nonce="([^"]+)">([\s\S]*?)<\/script>/.exec(page.html);
    expect(script?.[1]).toBe(nonce);
    const data = JSON.parse(script![2]!) as Record<string, unknown>;
    const isMovie = release.type.value === "MOVIE";
    expect(data).toMatchObject({ "@context": "https://schema.org", "@type": isMovie ? "Movie" : "TVSeries", name: release.name.main });
    expect(data.url).toMatch(new RegExp(`${releaseUrl(release)}$`));
    expect(data.image).toMatch(/^https?:\/\/.+\/storage\/posters\//);
    expect(Array.isArray(data.genre)).toBe(true);
    if (!isMovie) expect(data.numberOfEpisodes).toBeGreaterThan(0);
    expect(data.description).toBeTruthy();
  });
});

describe("the release page without JavaScript", () => {
  const visitor = VISITORS.withoutJavaScript;
  const api = demoApi(visitor.server);

  test("tab links switch tabs and keep the page", async () => {
    const release = await richRelease(api);
    let page = await loadPage(releaseUrl(release), visitor);
    for (const [name, path] of [
      ["Торренты", "/torrents"],
      ["Участники", "/members"],
      ["Франшизы", "/franchises"],
      ["Серии", "/episodes"],
    ]) {
      page = await loadPage(hrefOf(within(tabs(page)).getByRole("tab", { name })), visitor);
      expect(page.path).toMatch(new RegExp(`${releaseUrl(release, path)}$`));
      expect(within(tabs(page)).getByRole("tab", { name }).getAttribute("aria-selected")).toBe("true");
      expect(textOf(page.screen.getByRole("heading", { level: 1 }))).toBe(release.name.main);
    }
  });

  test("every tab link is a tab stop", async () => {
    const page = await loadPage(releaseUrl(await richRelease(api)), visitor);
    const tabLinks = within(tabs(page)).getAllByRole("tab");
    expect(tabLinks.length).toBeGreaterThan(0);
    for (const tab of tabLinks) expect(tab.hasAttribute("tabindex")).toBe(false);
  });

  test("the quality switch narrows the torrents", async () => {
    const release = await richRelease(api);
    const page = await loadPage(releaseUrl(release, "/torrents"), visitor);
    const all = page.screen.getAllByRole("link", { name: /^Скачать \.torrent/ }).length;
    const choice = within(page.screen.getByRole("group", { name: "Качество" })).getAllByRole("link")[1]!;
    const quality = textOf(choice);
    const narrowed = await loadPage(hrefOf(choice), visitor);
    expect(narrowed.path).toMatch(/quality=/);
    const chosen = within(narrowed.screen.getByRole("group", { name: "Качество" })).getAllByRole("link")[1]!;
    expect(chosen.getAttribute("aria-current")).toBe("true");
    const shown = within(narrowed.screen.getByRole("tabpanel")).getAllByRole("listitem");
    expect(shown.length).toBeLessThan(all);
    for (const item of shown) expect(textOf(item)).toContain(quality);
  });
});
