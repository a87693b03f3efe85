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
  const answer = await browser.send("/api/v1/accounts/users/me/views/timecodes", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(
      entries.map(({ index, time, isWatched }) => ({ release_episode_id: release.episodes[index]!.id, time, is_watched: isWatched })),
    ),
  });
  expect(answer.ok, `saving timecodes answered ${answer.status}`).toBe(true);
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
  "a signed-in viewer who marked episode 1 watched after starting episode 2 goes on with episode 2 (issue 38, item 3)",
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
