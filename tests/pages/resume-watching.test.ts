// Where a signed-in viewer is, as the server renders it for a browser without JavaScript: «Продолжить» on the release
// page and the episodes' marks, and the home page's «Продолжить просмотр» (the no-JavaScript runs of
// tests/e2e/resume-watching.spec.ts; decision 0268). Progress is saved as another client of the account would.
import { within } from "@testing-library/dom";
import { beforeAll, expect, test } from "vitest";
import { findPlayableRelease, type DemoRelease } from "../support/demo-releases";
import { NoScriptBrowser, ownItems, signedInAccount, ACCOUNT_CHECK_TIMEOUT } from "./support/form-posts";
import { demoApi, textOf, type LoadedPage } from "./support/page";

let release: DemoRelease;

beforeAll(async () => {
  release = await findPlayableRelease(demoApi());
});

const releaseUrl = () => `/anime/releases/release/${release.alias}`;
const episodeUrl = (index: number) => `/anime/video/episode/${release.episodes[index]!.id}`;
const episodeName = (index: number) => `серия ${release.episodes[index]!.ordinal}`;
const episodeRow = (page: LoadedPage, index: number) => textOf(ownItems(page.screen.getByRole("list", { name: "Серии" }))[index]);
const continueLink = (page: LoadedPage) => page.screen.getByRole("link", { name: /^Продолжить: / });

async function saveTimecodes(browser: NoScriptBrowser, entries: { index: number; time: number; isWatched: boolean }[]): Promise<void> {
  await browser.postToApi(
    "/accounts/users/me/views/timecodes",
    entries.map(({ index, time, isWatched }) => ({ release_episode_id: release.episodes[index]!.id, time, is_watched: isWatched })),
  );
}

test("the server renders where a signed-in user is, so it works without JavaScript", { timeout: ACCOUNT_CHECK_TIMEOUT }, async () => {
  const browser = new NoScriptBrowser();
  await signedInAccount(browser);

  await saveTimecodes(browser, [{ index: 0, time: 24, isWatched: true }]);
  const watchedFirst = await browser.load(releaseUrl());
  expect(textOf(continueLink(watchedFirst))).toBe(`Продолжить: ${episodeName(1)}`);
  expect(continueLink(watchedFirst).getAttribute("href")).toBe(episodeUrl(1));
  expect(episodeRow(watchedFirst, 0)).toContain("Просмотрено");
  expect(episodeRow(watchedFirst, 1)).not.toMatch(/Остановились|Просмотрено/);

  await saveTimecodes(browser, [{ index: 1, time: 17, isWatched: false }]);
  const inProgress = await browser.load(releaseUrl());
  expect(textOf(continueLink(inProgress))).toBe(`Продолжить: ${episodeName(1)}, 0:17`);
  expect(continueLink(inProgress).getAttribute("href")).toBe(episodeUrl(1));
  expect(episodeRow(inProgress, 1)).toContain("Остановились на 0:17");
});

test(
  "a signed-in viewer who marked episode 1 watched after starting episode 2 goes on with episode 2 (decision 0256)",
  { timeout: ACCOUNT_CHECK_TIMEOUT },
  async () => {
    const browser = new NoScriptBrowser();
    await signedInAccount(browser);
    const continueCard = (page: LoadedPage) =>
      within(page.screen.getByRole("region", { name: "Продолжить просмотр" }))
        .getAllByRole("link")
        .find((link) => textOf(link).includes(release.title));

    await saveTimecodes(browser, [{ index: 1, time: 13, isWatched: false }]);
    await saveTimecodes(browser, [{ index: 0, time: 24, isWatched: true }]);
    const home = await browser.load("/");
    expect(continueCard(home)?.getAttribute("href")).toBe(episodeUrl(1));
    expect(textOf(continueCard(home))).toContain(`Серия ${release.episodes[1]!.ordinal}`);

    await saveTimecodes(browser, [{ index: release.episodes.length - 1, time: 24, isWatched: true }]);
    expect((await browser.load("/")).screen.queryAllByRole("region", { name: "Продолжить просмотр" })).toHaveLength(0);
  },
);

/** The releases «Продолжить просмотр» offers on a page (none when the row is not there). */
const continueTitles = (page: LoadedPage) =>
  page.screen
    .queryAllByRole("region", { name: "Продолжить просмотр" })
    .flatMap((region) => within(region).getAllByRole("link").map(textOf));

test("a release in «Брошено» is never offered to continue, on the home page or the lists", { timeout: ACCOUNT_CHECK_TIMEOUT }, async () => {
  const browser = new NoScriptBrowser();
  await signedInAccount(browser);
  await saveTimecodes(browser, [{ index: 0, time: 13, isWatched: false }]);
  expect(continueTitles(await browser.load("/")).join(" ")).toContain(release.title);

  await browser.postToApi("/accounts/users/me/collections", [{ release_id: release.id, type_of_collection: "ABANDONED" }]);
  for (const path of ["/", "/me/favorites/", "/me/collections/?type=ABANDONED"]) {
    expect(continueTitles(await browser.load(path)).join(" "), path).not.toContain(release.title);
  }
});

test(
  "«Продолжить просмотр» offers the same releases on the home page and the lists: one with a new episode is news",
  { timeout: ACCOUNT_CHECK_TIMEOUT },
  async () => {
    const browser = new NoScriptBrowser();
    await signedInAccount(browser);
    await saveTimecodes(browser, [{ index: 0, time: 24, isWatched: true }]);
    // Not yet a favorite: «Вышли новые серии» does not look at it, so it is the next episode to continue everywhere.
    for (const path of ["/", "/me/favorites/"]) expect(continueTitles(await browser.load(path)).join(" "), path).toContain(release.title);

    await browser.postToApi("/accounts/users/me/favorites", [{ release_id: release.id }]);
    const home = await browser.load("/");
    within(home.screen.getByRole("region", { name: "Вышли новые серии" })).getByText(release.title, { exact: false });
    const favorites = await browser.load("/me/favorites/");
    expect(continueTitles(home)).toEqual(continueTitles(favorites));
    expect(continueTitles(favorites).join(" ")).not.toContain(release.title);
  },
);
