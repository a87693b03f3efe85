// Personal lists with JavaScript: favorites and collections pages (filters, paging, type switcher), and the data
// export/import. Without JavaScript the same forms and links are request-level checks (tests/pages/lists.test.ts,
// decision 0268); the browser keeps their axe audits.
import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { AXE_WALK_STEP_MS, expectToast, signedInAt, signOut, useOwnClientAddress } from "./auth-helpers";
import { waitForHydration } from "./hydration";

type ApiRelease = { id: number; alias: string; type: { value: string }; name: { main: string } };

test.describe.configure({ timeout: 120_000 });

const JS_ONLY = { tag: ["@js-only"] };

async function someReleases(page: Page, count: number): Promise<ApiRelease[]> {
  const answer = (await (await page.request.get(`/api/v1/anime/catalog/releases?limit=${count}`)).json()) as { data: ApiRelease[] };
  expect(answer.data.length).toBe(count);
  return answer.data;
}

function nth<Item>(items: readonly Item[], index: number): Item {
  const item = items[index];
  if (item === undefined) throw new Error(`no item ${index}`);
  return item;
}

/** Changes the account through the site's own API proxy (as the player and the toggles do), with the session cookie. */
async function callProxy(page: Page, method: "POST" | "DELETE", path: string, body: unknown): Promise<void> {
  const origin = new URL(page.url()).origin;
  const response = await page.request.fetch(`/api/v1${path}`, { method, data: body, headers: { Origin: origin } });
  expect(response.ok(), `${method} ${path}: ${response.status()}`).toBe(true);
}

/** Callers first give the test its own client address (the auth rate limit), as the auth specs do. */
async function signUp(page: Page, landing: string): Promise<void> {
  await signedInAt(page, landing);
}

const shownList = (page: Page, name: string) => page.getByRole("list", { name, exact: true }).getByRole("listitem");

test("favorites: pages of 12, filters, list view and removing a release", JS_ONLY, async ({ page }) => {
  await useOwnClientAddress(page);
  await signUp(page, "/me/favorites/");
  await expect(page.getByRole("heading", { name: "Здесь пока ничего нет" })).toBeVisible();
  // One message for an empty list, not a second «Пусто» above it.
  await expect(page.getByText("Пусто", { exact: true })).toHaveCount(0);
  const releases = await someReleases(page, 14);
  await callProxy(
    page,
    "POST",
    "/accounts/users/me/favorites",
    releases.map((release) => ({ release_id: release.id })),
  );

  await page.goto("/me/favorites/");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await expect(page.getByText("Найдено: 14 релизов")).toBeVisible();
  await expect(shownList(page, "Избранное")).toHaveCount(12);
  await waitForHydration(page);
  await page.getByRole("link", { name: "Показать ещё" }).click();
  await expect(shownList(page, "Избранное")).toHaveCount(14);
  await expect(page).toHaveURL(/\/me\/favorites\/\?from=1&page=2$/);

  // A type filter: the sidebar form applies at once.
  const type = nth(releases, 0).type.value;
  const ofType = releases.filter((release) => release.type.value === type).length;
  const filters = page.getByRole("form", { name: "Фильтры списка", exact: true });
  await filters.locator(`label[for="sidebar-types-${type}"]`).click();
  await expect(page).toHaveURL(new RegExp(`[?&]types=${type}`));
  await expect(shownList(page, "Избранное")).toHaveCount(Math.min(ofType, 12));

  // Search by title, in the list view.
  const target = nth(releases, 1);
  await page.goto(`/me/favorites/?view=list&search=${encodeURIComponent(target.name.main)}`);
  await expect(page.getByRole("link", { name: "Список" })).toHaveAttribute("aria-current", "true");
  await expect(shownList(page, "Избранное").first()).toContainText(target.name.main);
  await expectNoAxeViolations(page);

  // Sorting by the date added, oldest first: the first release added leads.
  await page.goto("/me/favorites/?sorting=CREATED_AT_ASC");
  await expect(
    page.getByRole("form", { name: "Фильтры списка", exact: true }).getByRole("radio", { name: "Давно добавленные", exact: true }),
  ).toBeChecked();
  const first = shownList(page, "Избранное").first();
  await expect(first).toContainText(nth(releases, 0).name.main);

  // Removing a release drops it from the shown list.
  await first.getByRole("button", { name: "В избранном" }).click();
  await expectToast(page, "Релиз убран из избранного");
  await expect(page.getByText("Найдено: 13 релизов")).toBeVisible();
  await expect(shownList(page, "Избранное").first()).not.toContainText(nth(releases, 0).name.main);
  await expectNoAxeViolations(page);
});

test("collections: the type switcher shows each collection", JS_ONLY, async ({ page }) => {
  await useOwnClientAddress(page);
  await signUp(page, "/me/collections/");
  const releases = await someReleases(page, 2);
  const [planned, watching] = [nth(releases, 0), nth(releases, 1)];
  await callProxy(page, "POST", "/accounts/users/me/collections", [
    { release_id: planned.id, type_of_collection: "PLANNED" },
    { release_id: watching.id, type_of_collection: "WATCHING" },
  ]);

  await page.goto("/me/collections/");
  const switcher = page.getByRole("navigation", { name: "Тип коллекции" });
  await expect(switcher.getByRole("link", { name: "Запланировано" })).toHaveAttribute("aria-current", "page");
  await expect(shownList(page, "Коллекции")).toHaveCount(1);
  await expect(shownList(page, "Коллекции").first()).toContainText(planned.name.main);
  await expect(page.getByRole("radio")).toHaveCount(0);
  await expectNoAxeViolations(page);

  await switcher.getByRole("link", { name: "Смотрю" }).click();
  await expect(page).toHaveURL(/\?type=WATCHING$/);
  await expect(shownList(page, "Коллекции")).toHaveCount(1);
  await expect(shownList(page, "Коллекции").first()).toContainText(watching.name.main);

  // Moving the release to another collection drops it from this one.
  await shownList(page, "Коллекции").first().locator("summary").click();
  await page.getByRole("button", { name: /^Просмотрено/ }).click();
  await expectToast(page, "Релиз перенесён в коллекцию «Просмотрено»");
  await expect(page.getByText("В коллекции «Смотрю» пока нет релизов.")).toBeVisible();
  await switcher.getByRole("link", { name: "Просмотрено" }).click();
  await expect(shownList(page, "Коллекции").first()).toContainText(watching.name.main);

  await switcher.getByRole("link", { name: "Брошено" }).click();
  await expect(page.getByText("В коллекции «Брошено» пока нет релизов.")).toBeVisible();
  // An empty collection has nothing to narrow: no types, years or genres of the other collections (decision 0265).
  await expect(page.getByRole("form", { name: /^Фильтры списка/ })).toHaveCount(0);
  await expect(page.getByText("Фильтры", { exact: true })).toHaveCount(0);

  // On a phone the filter blocks sit in a disclosure instead of the sidebar.
  await switcher.getByRole("link", { name: "Просмотрено" }).click();
  await expect(shownList(page, "Коллекции").first()).toContainText(watching.name.main);
  // A collection's filters offer its own releases' values: one release, one type, not «Запланировано»'s as well.
  const filters = page.getByRole("form", { name: "Фильтры списка", exact: true });
  await expect(filters.getByRole("group", { name: "Тип" }).getByRole("checkbox")).toHaveCount(1);
  await expect(filters.getByRole("group", { name: "Годы выхода" }).getByRole("checkbox")).toHaveCount(1);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole("form", { name: "Фильтры списка", exact: true })).toBeHidden();
  await page.getByText("Фильтры", { exact: true }).click();
  const mobileFilters = page.getByRole("form", { name: "Фильтры списка (мобильные)" });
  await expect(mobileFilters.getByLabel("Поиск по названию")).toBeVisible();
  await expect(mobileFilters.getByRole("group", { name: "Возрастной рейтинг" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("export a file, then import it into another account", JS_ONLY, async ({ page }, testInfo) => {
  await useOwnClientAddress(page);
  await signUp(page, "/me/data");
  const releases = await someReleases(page, 3);
  const withEpisodes = (await (await page.request.get(`/api/v1/anime/releases/${nth(releases, 0).alias}`)).json()) as {
    episodes: { id: string }[];
  };
  const episodeId = nth(withEpisodes.episodes, 0).id;
  await callProxy(page, "POST", "/accounts/users/me/favorites", [{ release_id: nth(releases, 0).id }, { release_id: nth(releases, 1).id }]);
  await callProxy(page, "POST", "/accounts/users/me/collections", [{ release_id: nth(releases, 2).id, type_of_collection: "POSTPONED" }]);
  await callProxy(page, "POST", "/accounts/users/me/views/timecodes", [{ release_episode_id: episodeId, time: 10, is_watched: false }]);

  // The unfinished episode (10 s of the demo's 24, before its ending at 18) is offered at the top of the list pages.
  await page.goto("/me/collections/?type=POSTPONED");
  await expect(page.getByRole("heading", { name: "Продолжить просмотр" })).toBeVisible();
  await expect(page.locator(`a[data-continue-release="${nth(releases, 0).id}"]`)).toHaveAttribute(
    "href",
    `/anime/video/episode/${encodeURIComponent(episodeId)}`,
  );

  await page.goto("/me/data");
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Скачать файл" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^anilibria-export-\d{4}-\d{2}-\d{2}\.json$/);
  const file = testInfo.outputPath("export.json");
  await download.saveAs(file);
  const exported = JSON.parse(await readFile(file, "utf8")) as Record<string, unknown>;
  expect(exported).toMatchObject({
    format: "anilibria-web-export",
    version: 1,
    collections: [{ releaseId: nth(releases, 2).id, type: "POSTPONED" }],
    timecodes: [{ releaseEpisodeId: episodeId, time: 10, isWatched: false }],
  });
  expect([...(exported.favorites as number[])].sort()).toEqual([nth(releases, 0).id, nth(releases, 1).id].sort());
  await expectNoAxeViolations(page);

  await signOut(page);
  await useOwnClientAddress(page);
  await signUp(page, "/me/data");
  const upload = page.getByLabel("Файл экспорта или список аниме (до 1 МБ)");
  await upload.setInputFiles({ name: "broken.json", mimeType: "application/json", buffer: Buffer.from("{not json") });
  await page.getByRole("button", { name: "Загрузить", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Это не файл экспорта: не удалось прочитать JSON." })).toBeVisible();

  await upload.setInputFiles({ name: "huge.json", mimeType: "application/json", buffer: Buffer.alloc(1024 * 1024 + 100 * 1024, " ") });
  await page.getByRole("button", { name: "Загрузить", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Файл слишком большой: можно загрузить до 1 МБ." })).toBeVisible();

  await upload.setInputFiles(file);
  await page.getByRole("button", { name: "Загрузить", exact: true }).click();
  await expectToast(page, "Добавлено в избранное: 2, коллекции: 1 изменено, прогресс: 1 серия");
  await upload.setInputFiles(file);
  await page.getByRole("button", { name: "Загрузить", exact: true }).click();
  await expectToast(page, "Ничего нового: всё из файла уже есть в вашем аккаунте.");

  await page.goto("/me/favorites/");
  await expect(shownList(page, "Избранное")).toHaveCount(2);
  await page.goto("/me/collections/?type=POSTPONED");
  await expect(shownList(page, "Коллекции").first()).toContainText(nth(releases, 2).name.main);
});

// Without JavaScript the lists' forms and links are request-level checks (tests/pages/lists.test.ts); what needs the
// browser is the audit of each page's markup, signed in, with releases in the lists. A form's answer is audited as its
// page: the no-JavaScript audit loads the address again (../support/axe).
test("every list page passes axe without JavaScript", { tag: "@no-js-only" }, async ({ page }) => {
  await useOwnClientAddress(page);
  await signUp(page, "/me/data");
  const releases = await someReleases(page, 3);
  await callProxy(page, "POST", "/accounts/users/me/favorites", [{ release_id: nth(releases, 0).id }, { release_id: nth(releases, 1).id }]);
  await callProxy(page, "POST", "/accounts/users/me/collections", [
    { release_id: nth(releases, 0).id, type_of_collection: "PLANNED" },
    { release_id: nth(releases, 2).id, type_of_collection: "WATCHED" },
  ]);
  const paths = [
    `/me/favorites/?view=list&search=${encodeURIComponent(nth(releases, 1).name.main)}`,
    "/me/favorites/?sorting=CREATED_AT_ASC",
    "/me/collections/",
    "/me/collections/?type=WATCHED",
    "/me/data",
  ];
  // The sign-up and the lists filled, then the walk.
  test.setTimeout(AXE_WALK_STEP_MS * (paths.length + 1));
  for (const path of paths) {
    await test.step(path, async () => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }
});
