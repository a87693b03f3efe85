// "Смотреть" on the release page leads to where the viewer is, and the episodes say what was watched (decision 0135).
// What the server renders for a signed-in viewer without JavaScript is a request-level check too
// (tests/pages/resume-watching.test.ts, decision 0268); here it runs with JavaScript, hydrated over the same HTML.
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { signedInAt, useOwnClientAddress } from "./auth-helpers";
import { currentTime, expectPlayingPast, findPlayableRelease, seekTo, video, withoutPreRoll, type DemoRelease } from "./player-helpers";
import { waitForHydration } from "./hydration";

let release: DemoRelease;

test.beforeAll(async ({ request }) => {
  release = await findPlayableRelease(request);
});

test.beforeEach(({ context }) => withoutPreRoll(context));

const releaseUrl = () => `/anime/releases/release/${release.alias}`;
const episodeUrl = (index: number) => `/anime/video/episode/${release.episodes[index]!.id}`;
const episodeName = (index: number) => `серия ${release.episodes[index]!.ordinal}`;
const episodeRows = (page: Page) => page.getByRole("list", { name: "Серии" }).getByRole("listitem");
const continueLink = (page: Page) => page.getByRole("link", { name: /^Продолжить: / });

/**
 * Plays the episode, pauses and moves to 70 % of the 24-second demo clip (the player saves on seek). Paused first:
 * playing on, a busy machine would soon pass the ending's start at 18 s, where the episode counts as watched.
 */
async function watchToSeventyPercent(page: Page, index: number): Promise<void> {
  await page.goto(episodeUrl(index));
  await expectPlayingPast(page, 0.5, 45_000);
  await page.keyboard.press("KeyK");
  await expect.poll(() => video(page).evaluate((element: HTMLVideoElement) => element.paused), { timeout: 10_000 }).toBe(true);
  await seekTo(page, 16.8);
  await expect.poll(() => currentTime(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(16.5);
}

/** Saves timecodes as another client of the same account would: straight through the site's proxy. */
async function saveTimecodes(
  request: APIRequestContext,
  baseURL: string,
  entries: { index: number; time: number; isWatched: boolean }[],
): Promise<void> {
  const response = await request.post("/api/v1/accounts/users/me/views/timecodes", {
    headers: { Origin: baseURL },
    data: entries.map(({ index, time, isWatched }) => ({ release_episode_id: release.episodes[index]!.id, time, is_watched: isWatched })),
  });
  expect(response.ok(), `saving timecodes answered ${response.status()}`).toBe(true);
}

async function expectContinuesInProgressEpisode(page: Page): Promise<void> {
  await expect(continueLink(page)).toHaveText(new RegExp(`^Продолжить: ${episodeName(1)}, 0:1[6-9]$`));
  await expect(continueLink(page)).toHaveAttribute("href", episodeUrl(1));
  await expect(episodeRows(page).nth(1)).toContainText(/Остановились на 0:1[6-9]/);
  await expect(episodeRows(page).nth(0)).not.toContainText(/Остановились|Просмотрено/);
}

test.describe("continuing from the release page", { tag: "@js-only" }, () => {
  test.describe.configure({ timeout: 120_000 });

  test("a visitor's local progress: the episode in progress, with its position", async ({ page }) => {
    await page.goto(releaseUrl());
    await expect(page.getByRole("link", { name: "Смотреть", exact: true })).toHaveAttribute("href", episodeUrl(0));
    await watchToSeventyPercent(page, 1);
    await page.getByRole("link", { name: "К странице релиза" }).click();
    await expectContinuesInProgressEpisode(page);
    await page.reload();
    await expectContinuesInProgressEpisode(page);
  });

  test("a signed-in user's progress comes from the account, also on a browser that never played it", async ({ page, context }) => {
    await useOwnClientAddress(page);
    await signedInAt(page);
    await watchToSeventyPercent(page, 1);
    await page.getByRole("link", { name: "К странице релиза" }).click();
    await expectContinuesInProgressEpisode(page);

    // As on another device: nothing of this browser's storage, only the account's data.
    await expect
      .poll(async () => {
        const entries = (await (await context.request.get("/api/v1/accounts/users/me/views/timecodes")).json()) as [
          string,
          number,
          boolean,
        ][];
        return entries.find(([id]) => id === release.episodes[1]!.id)?.[1] ?? 0;
      })
      .toBeGreaterThanOrEqual(16.5);
    await context.addInitScript(() => window.localStorage.clear());
    const again = await context.newPage();
    await again.goto(releaseUrl());
    await expectContinuesInProgressEpisode(again);
  });

  test("progress made on another device appears after the 5-minute refresh, without a reload", async ({
    page,
    context,
    baseURL,
    playwright,
  }) => {
    await useOwnClientAddress(page);
    await signedInAt(page);
    await page.clock.install();
    await page.goto(releaseUrl());
    const start = page.getByRole("link", { name: "Смотреть", exact: true });
    await expect(start).toHaveAttribute("href", episodeUrl(0));
    await waitForHydration(page);
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

    // Another device of the same account: its own client, the same session.
    const otherDevice = await playwright.request.newContext({ baseURL, storageState: await context.storageState() });
    await saveTimecodes(otherDevice, baseURL!, [{ index: 1, time: 17, isWatched: false }]);
    await otherDevice.dispose();
    await expect(start).toBeVisible();

    await page.clock.fastForward(5 * 60 * 1000);
    await expectContinuesInProgressEpisode(page);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });
});

test(
  "the server renders where a signed-in user is, and the hydrated page says the same",
  { tag: "@js-only" },
  async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    await useOwnClientAddress(page);
    await signedInAt(page);

    await saveTimecodes(page.request, baseURL!, [{ index: 0, time: 24, isWatched: true }]);
    await page.goto(releaseUrl());
    await expect(continueLink(page)).toHaveText(`Продолжить: ${episodeName(1)}`);
    await expect(continueLink(page)).toHaveAttribute("href", episodeUrl(1));
    await expect(episodeRows(page).nth(0)).toContainText("Просмотрено");
    await expect(episodeRows(page).nth(1)).not.toContainText(/Остановились|Просмотрено/);

    await saveTimecodes(page.request, baseURL!, [{ index: 1, time: 17, isWatched: false }]);
    await page.goto(releaseUrl());
    await expect(continueLink(page)).toHaveText(`Продолжить: ${episodeName(1)}, 0:17`);
    await expect(continueLink(page)).toHaveAttribute("href", episodeUrl(1));
    await expect(episodeRows(page).nth(1)).toContainText("Остановились на 0:17");
  },
);

/** The home page's «Продолжить просмотр» card of the release. */
const continueCard = (page: Page) =>
  page
    .getByRole("region", { name: "Продолжить просмотр" })
    .getByRole("link", { name: new RegExp(release.title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) });

test.describe("«Продолжить просмотр» keeps a series until its last released episode is watched (decision 0256)", () => {
  test.describe.configure({ timeout: 120_000 });

  test("a visitor who finished episode 1 is offered episode 2", { tag: "@js-only" }, async ({ page }) => {
    await watchToSeventyPercent(page, 0);
    // Past the ending's start: the player marks the episode watched.
    await seekTo(page, 23);
    await expect.poll(() => currentTime(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(22.5);
    await page.goto("/");
    await expect(continueCard(page)).toHaveAttribute("href", episodeUrl(1));
    await expect(continueCard(page)).toContainText(`Серия ${release.episodes[1]!.ordinal}`);
  });

  test(
    "a signed-in viewer who marked episode 1 watched after starting episode 2 goes on with episode 2",
    { tag: "@js-only" },
    async ({ page, baseURL }) => {
      await useOwnClientAddress(page);
      await signedInAt(page);
      await saveTimecodes(page.request, baseURL!, [{ index: 1, time: 13, isWatched: false }]);
      await saveTimecodes(page.request, baseURL!, [{ index: 0, time: 24, isWatched: true }]);
      await page.goto("/");
      await expect(continueCard(page)).toHaveAttribute("href", episodeUrl(1));
      await expect(continueCard(page)).toContainText(`Серия ${release.episodes[1]!.ordinal}`);

      const last = release.episodes.length - 1;
      await saveTimecodes(page.request, baseURL!, [{ index: last, time: 24, isWatched: true }]);
      await page.goto("/");
      await expect(page.getByRole("region", { name: "Продолжить просмотр" })).toHaveCount(0);
    },
  );
});
