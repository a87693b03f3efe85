// The personal lists as a browser without JavaScript uses them, at the request level: favorites and collections
// (paging by links, the filter form, the list view, removing and moving a release by their forms), the data export and
// import, a MyAnimeList file's preview, and where a signed-in viewer is on the release and home pages (the
// no-JavaScript runs of tests/e2e/lists, list-import, resume-watching and back-restores-lists specs; decision 0268).
import { within } from "@testing-library/dom";
import { describe, expect, test } from "vitest";
import { noScriptToasts, NoScriptBrowser, ownItems, signedInAccount, ACCOUNT_CHECK_TIMEOUT } from "./support/form-posts";
import { formGetPath, hrefOf, metaContent, request, textOf, type LoadedPage } from "./support/page";
import { malExport } from "../support/mal-export";

type ApiRelease = {
  id: number;
  alias: string;
  type: { value: string };
  name: { main: string; english: string | null };
  mal: { id: number } | null;
  shikimori: unknown;
};

async function apiJson<Shape>(path: string): Promise<Shape> {
  const answer = await request(path);
  expect(answer.status, path).toBe(200);
  return (await answer.json()) as Shape;
}

async function someReleases(count: number): Promise<ApiRelease[]> {
  const { data } = await apiJson<{ data: ApiRelease[] }>(`/api/v1/anime/catalog/releases?limit=${count}`);
  expect(data).toHaveLength(count);
  return data;
}

function nth<Item>(items: readonly Item[], index: number): Item {
  const item = items[index];
  if (item === undefined) throw new Error(`no item ${index}`);
  return item;
}

const shownList = (page: LoadedPage, name: string) => ownItems(page.screen.getByRole("list", { name }));
const filterForm = (page: LoadedPage) => page.screen.getByRole("form", { name: "Фильтры списка" });

describe("personal lists without JavaScript", { timeout: ACCOUNT_CHECK_TIMEOUT }, () => {
  test("visitors are sent to sign in and come back to their list", async () => {
    const visitor = new NoScriptBrowser();
    expect((await visitor.load("/me/favorites/")).path).toBe("/app/auth/login?redirectTo=%2Fme%2Ffavorites%2F");
    expect((await visitor.load("/me/collections/?type=WATCHED")).path).toBe(
      "/app/auth/login?redirectTo=%2Fme%2Fcollections%2F%3Ftype%3DWATCHED",
    );
    expect((await visitor.send("/me/data.json")).status).toBe(302);
  });

  test("favorites: pages of 12, filters, list view and removing a release", async () => {
    const browser = new NoScriptBrowser();
    const { landing } = await signedInAccount(browser, "/app/auth/login?redirectTo=%2Fme%2Ffavorites%2F");
    expect(landing.page.path).toBe("/me/favorites/");
    landing.page.screen.getByRole("heading", { name: "Здесь пока ничего нет" });
    expect(landing.page.screen.queryByText("Пусто", { exact: true })).toBeNull();
    const releases = await someReleases(14);
    await browser.postToApi(
      "/accounts/users/me/favorites",
      releases.map((release) => ({ release_id: release.id })),
    );

    const first = await browser.load("/me/favorites/");
    expect(metaContent(first.document, "robots")).toMatch(/noindex/);
    first.screen.getByText("Найдено: 14 релизов");
    expect(shownList(first, "Избранное")).toHaveLength(12);
    // The address records how far the list goes: the next page joins the first one.
    const more = await browser.load(hrefOf(first.screen.getByRole("link", { name: "Показать ещё" })));
    expect(more.path).toMatch(/\?from=1&page=2$/);
    expect(shownList(more, "Избранное")).toHaveLength(14);
    expect(
      within(more.screen.getByRole("navigation", { name: "Страницы" }))
        .getByText("2")
        .getAttribute("aria-current"),
    ).toBe("page");

    // A type filter: the sidebar form through its button.
    const type = nth(releases, 0).type.value;
    const ofType = releases.filter((release) => release.type.value === type).length;
    const typeBox = more.document.getElementById(`sidebar-types-${type}`)!;
    const filtered = await browser.load(formGetPath(more, filterForm(more) as HTMLFormElement, { check: [typeBox] }));
    expect(filtered.path).toMatch(new RegExp(`[?&]types=${type}`));
    expect(shownList(filtered, "Избранное")).toHaveLength(Math.min(ofType, 12));

    // Search by title, in the list view.
    const target = nth(releases, 1);
    const listView = await browser.load(`/me/favorites/?view=list&search=${encodeURIComponent(target.name.main)}`);
    expect(listView.screen.getByRole("link", { name: "Список" }).getAttribute("aria-current")).toBe("true");
    expect(textOf(nth(shownList(listView, "Избранное"), 0))).toContain(target.name.main);

    // Sorting by the date added, oldest first: the first release added leads.
    const oldest = await browser.load("/me/favorites/?sorting=CREATED_AT_ASC");
    expect(within(filterForm(oldest)).getByRole("radio", { name: "Давно добавленные" }).hasAttribute("checked")).toBe(true);
    const leading = nth(shownList(oldest, "Избранное"), 0);
    expect(textOf(leading)).toContain(nth(releases, 0).name.main);

    // Removing a release by its form drops it from the shown list.
    const removed = await browser.submit(oldest, within(leading).getByRole("button", { name: "В избранном" }).closest("form")!);
    expect(removed.status).toBe(303);
    expect(removed.page.path).toBe("/me/favorites/?sorting=CREATED_AT_ASC");
    expect(noScriptToasts(removed.page)).toContain("Релиз убран из избранного");
    removed.page.screen.getByText("Найдено: 13 релизов");
    expect(textOf(nth(shownList(removed.page, "Избранное"), 0))).not.toContain(nth(releases, 0).name.main);
  });

  test("collections: the type switcher shows each collection; a release moves by its menu's form", async () => {
    const browser = new NoScriptBrowser();
    const { landing } = await signedInAccount(browser, "/app/auth/login?redirectTo=%2Fme%2Fcollections%2F");
    expect(landing.page.path).toBe("/me/collections/");
    const releases = await someReleases(2);
    const [planned, watching] = [nth(releases, 0), nth(releases, 1)];
    await browser.postToApi("/accounts/users/me/collections", [
      { release_id: planned.id, type_of_collection: "PLANNED" },
      { release_id: watching.id, type_of_collection: "WATCHING" },
    ]);

    const page = await browser.load("/me/collections/");
    const switcher = (on: LoadedPage) => within(on.screen.getByRole("navigation", { name: "Тип коллекции" }));
    expect(switcher(page).getByRole("link", { name: "Запланировано" }).getAttribute("aria-current")).toBe("page");
    expect(shownList(page, "Коллекции")).toHaveLength(1);
    expect(textOf(nth(shownList(page, "Коллекции"), 0))).toContain(planned.name.main);
    expect(page.screen.queryAllByRole("radio")).toHaveLength(0);

    const current = await browser.load(hrefOf(switcher(page).getByRole("link", { name: "Смотрю" })));
    expect(current.path).toBe("/me/collections/?type=WATCHING");
    expect(shownList(current, "Коллекции")).toHaveLength(1);
    const card = nth(shownList(current, "Коллекции"), 0);
    expect(textOf(card)).toContain(watching.name.main);

    // The collection menu is a disclosure with a form of one button per collection.
    expect(card.querySelector("details > summary")).not.toBeNull();
    const toWatched = within(card).getByRole("button", { name: /^Просмотрено/ });
    const moved = await browser.submit(current, toWatched.closest("form")!, {}, { submitter: toWatched });
    expect(noScriptToasts(moved.page)).toContain("Релиз перенесён в коллекцию «Просмотрено»");
    moved.page.screen.getByText("В коллекции «Смотрю» пока нет релизов.");
    const watched = await browser.load(hrefOf(switcher(moved.page).getByRole("link", { name: "Просмотрено" })));
    expect(textOf(nth(shownList(watched, "Коллекции"), 0))).toContain(watching.name.main);

    const dropped = await browser.load(hrefOf(switcher(watched).getByRole("link", { name: "Брошено" })));
    dropped.screen.getByText("В коллекции «Брошено» пока нет релизов.");
    // An empty collection has nothing to narrow: no types, years or genres of the other collections (decision 0265).
    expect(dropped.screen.queryAllByRole("form", { name: /^Фильтры списка/ })).toHaveLength(0);
    expect(dropped.screen.queryAllByText("Фильтры")).toHaveLength(0);

    // A collection's filters offer its own releases' values: one release, one type, not «Запланировано»'s as well.
    const filters = within(filterForm(watched));
    expect(within(filters.getByRole("group", { name: "Тип" })).getAllByRole("checkbox")).toHaveLength(1);
    expect(within(filters.getByRole("group", { name: "Годы выхода" })).getAllByRole("checkbox")).toHaveLength(1);
    // On a phone the filters sit in a disclosure that opens without JavaScript.
    const mobile = watched.screen.getByRole("form", { name: "Фильтры списка (мобильные)" });
    expect(textOf(mobile.closest("details")?.querySelector("summary"))).toBe("Фильтры");
    within(mobile).getByLabelText("Поиск по названию");
    within(mobile).getByRole("group", { name: "Возрастной рейтинг" });
  });

  test("export a file, then import it into another account", async () => {
    const browser = new NoScriptBrowser();
    expect((await signedInAccount(browser, "/app/auth/login?redirectTo=%2Fme%2Fdata")).landing.page.path).toBe("/me/data");
    const releases = await someReleases(3);
    const { episodes } = await apiJson<{ episodes: { id: string }[] }>(`/api/v1/anime/releases/${nth(releases, 0).alias}`);
    const episodeId = nth(episodes, 0).id;
    await browser.postToApi("/accounts/users/me/favorites", [{ release_id: nth(releases, 0).id }, { release_id: nth(releases, 1).id }]);
    await browser.postToApi("/accounts/users/me/collections", [{ release_id: nth(releases, 2).id, type_of_collection: "POSTPONED" }]);
    await browser.postToApi("/accounts/users/me/views/timecodes", [{ release_episode_id: episodeId, time: 10, is_watched: false }]);

    // The unfinished episode (10 s of the demo's 24, before its ending at 18) is offered at the top of the list pages.
    const postponed = await browser.load("/me/collections/?type=POSTPONED");
    postponed.screen.getByRole("heading", { name: "Продолжить просмотр" });
    expect(postponed.document.querySelector(`a[data-continue-release="${nth(releases, 0).id}"]`)?.getAttribute("href")).toBe(
      `/anime/video/episode/${encodeURIComponent(episodeId)}`,
    );

    const data = await browser.load("/me/data");
    const download = await browser.send(hrefOf(data.screen.getByRole("link", { name: "Скачать файл" })));
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toMatch(/^attachment; filename="anilibria-export-\d{4}-\d{2}-\d{2}\.json"$/);
    const file = await download.text();
    const exported = JSON.parse(file) as Record<string, unknown>;
    expect(exported).toMatchObject({
      format: "anilibria-web-export",
      version: 1,
      collections: [{ releaseId: nth(releases, 2).id, type: "POSTPONED" }],
      timecodes: [{ releaseEpisodeId: episodeId, time: 10, isWatched: false }],
    });
    expect([...(exported.favorites as number[])].sort()).toEqual([nth(releases, 0).id, nth(releases, 1).id].sort());

    const other = new NoScriptBrowser();
    const { landing } = await signedInAccount(other, "/app/auth/login?redirectTo=%2Fme%2Fdata");
    const upload = async (on: LoadedPage, name: string, content: string) => {
      on.screen.getByLabelText("Файл экспорта или список аниме (до 1 МБ)");
      const form = on.screen.getByRole("button", { name: "Загрузить" }).closest("form")!;
      return other.submit(on, form, {}, { files: { file: new File([content], name, { type: "application/json" }) } });
    };
    const broken = await upload(landing.page, "broken.json", "{not json");
    expect(textOf(broken.page.screen.getByRole("alert"))).toContain("Это не файл экспорта: не удалось прочитать JSON.");
    const huge = await upload(broken.page, "huge.json", " ".repeat(1024 * 1024 + 100 * 1024));
    expect(textOf(huge.page.screen.getByRole("alert"))).toContain("Файл слишком большой: можно загрузить до 1 МБ.");
    const imported = await upload(await other.load("/me/data"), "export.json", file);
    expect(noScriptToasts(imported.page)).toContain("Добавлено в избранное: 2, коллекции: 1 изменено, прогресс: 1 серия");
    const again = await upload(imported.page, "export.json", file);
    expect(noScriptToasts(again.page)).toContain("Ничего нового: всё из файла уже есть в вашем аккаунте.");

    expect(shownList(await other.load("/me/favorites/"), "Избранное")).toHaveLength(2);
    expect(textOf(nth(shownList(await other.load("/me/collections/?type=POSTPONED"), "Коллекции"), 0))).toContain(
      nth(releases, 2).name.main,
    );
  });

  test("bring a MyAnimeList list: see it first, untick a guess, add the rest; download the site's list", async () => {
    const browser = new NoScriptBrowser();
    const { landing } = await signedInAccount(browser, "/app/auth/login?redirectTo=%2Fme%2Fdata");
    expect(landing.page.path).toBe("/me/data");

    const { data: catalogue } = await apiJson<{ data: ApiRelease[] }>("/api/v1/anime/catalog/releases?limit=50");
    const withMal: ApiRelease[] = [];
    for (const release of catalogue.filter((candidate) => candidate.mal)) {
      const { episodes } = await apiJson<{ episodes: unknown[] }>(`/api/v1/anime/releases/${release.alias}`);
      if (episodes.length >= 2) withMal.push(release);
      if (withMal.length === 2) break;
    }
    const [watched, planned] = [nth(withMal, 0), nth(withMal, 1)];
    const guessed = catalogue.find((release) => !release.mal && !release.shikimori && release.name.english);
    if (!guessed) throw new Error("no release to guess by its English title");

    const file = malExport([
      { id: watched.mal!.id, title: "Romaji one", status: "Completed", watched: 2 },
      { id: planned.mal!.id, title: "Romaji two", status: "Plan to Watch", watched: 0 },
      { id: 999_999, title: guessed.name.english ?? "", status: "Watching", watched: 1 },
      { id: 999_998, title: "Zzyqx Vorpal", status: "Dropped", watched: 0 },
    ]);
    const uploadForm = landing.page.screen.getByRole("button", { name: "Загрузить" }).closest("form")!;
    const previewed = await browser.submit(
      landing.page,
      uploadForm,
      {},
      {
        files: { file: new File([file], "animelist.xml", { type: "application/xml" }) },
      },
    );
    const preview = previewed.page.document.querySelector<HTMLElement>('[data-testid="list-import-preview"]')!;
    within(preview).getByRole("heading", { name: "Проверьте список перед загрузкой" });
    expect(textOf(preview)).toContain("найдено по номеру — 2, догадки по названию — 1, не найдено — 1");
    within(preview).getByText("догадка");
    within(preview).getByText("Zzyqx Vorpal");
    const guesses = within(preview).getByRole("group", { name: /Догадки по названию/ });
    expect(textOf(guesses)).toContain(guessed.name.main);
    // Nothing is saved before the confirmation: the site's own MyAnimeList file is still empty.
    expect(await (await browser.send("/me/data.xml")).text()).not.toContain("<anime>");

    const added = await browser.submit(
      previewed.page,
      within(preview).getByRole("button", { name: "Добавить отмеченное" }).closest("form")!,
      {},
      { uncheck: [within(guesses).getByRole("checkbox")] },
    );
    expect(noScriptToasts(added.page)).toContain("Список загружен: в коллекции добавлено 2 релиза, просмотренными отмечено 2 серии");

    const collection = async (type: string) =>
      textOf((await browser.load(`/me/collections/?type=${type}`)).screen.queryByRole("list", { name: "Коллекции" }) ?? undefined);
    expect(await collection("WATCHED")).toContain(watched.name.main);
    expect(await collection("PLANNED")).toContain(planned.name.main);
    expect((await browser.load("/me/collections/?type=WATCHING")).html).not.toContain(guessed.name.main);

    const download = await browser.send("/me/data.xml");
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toMatch(/^attachment; filename="animelist-\d{4}-\d{2}-\d{2}\.xml"$/);
    const xml = await download.text();
    expect(xml).toMatch(
      new RegExp(
        `<series_animedb_id>${watched.mal!.id}</series_animedb_id>[\\s\\S]*?<my_watched_episodes>2</my_watched_episodes>[\\s\\S]*?<my_status>Completed</my_status>`,
      ),
    );
    expect(xml).toMatch(
      new RegExp(`<series_animedb_id>${planned.mal!.id}</series_animedb_id>[\\s\\S]*?<my_status>Plan to Watch</my_status>`),
    );
  });
});
