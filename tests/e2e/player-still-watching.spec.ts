// «Вы ещё смотрите?» (decision 0285): episodes that run on one after another with no input from the viewer stop
// to ask before the next one; the viewer sets when, or turns it off, in the player's settings.
import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { expectPlayingPast, findPlayableRelease, seekTo, storeSettings, withoutPreRoll, type DemoRelease } from "./player-helpers";

let release: DemoRelease;

test.beforeAll(async ({ request }) => {
  release = await findPlayableRelease(request);
});

test.beforeEach(({ context }) => withoutPreRoll(context));

const episodeUrl = (index: number) => `/anime/video/episode/${release.episodes[index]!.id}`;
const atEpisode = (index: number) => new RegExp(`${release.episodes[index]!.id}$`);
const question = (page: Page) => page.getByRole("dialog", { name: "Вы ещё смотрите?" });

/** Lets the episode at `index` play out from near its end, with no input: the player moves the playhead, not the viewer. */
async function watchToTheEnd(page: Page, index: number) {
  await expect(page).toHaveURL(atEpisode(index), { timeout: 15_000 });
  await expectPlayingPast(page, 0.5);
  await seekTo(page, 22.5);
}

test.describe("still watching", { tag: "@js-only" }, () => {
  test.describe.configure({ timeout: 120_000 });

  test("asks after the third episode in a row without input, and stops there on «Хватит на сегодня»", async ({ page }) => {
    await storeSettings(page, { autoNext: true, autoNextCountdown: 0 });
    await page.goto(episodeUrl(0));
    await watchToTheEnd(page, 0);
    await watchToTheEnd(page, 1);
    await expect(question(page)).toHaveCount(0);
    await watchToTheEnd(page, 2);
    await expect(question(page)).toBeVisible({ timeout: 15_000 });
    await expect(question(page).getByRole("button", { name: "Продолжить" })).toBeFocused();
    await expectNoAxeViolations(page);

    await question(page).getByRole("button", { name: "Хватит на сегодня" }).click();
    await expect(question(page)).toHaveCount(0);
    await expect(page.locator('[data-end-card="waiting"]')).toBeVisible();
    await expect(page).toHaveURL(atEpisode(2));
  });

  test("asks sooner when set so in the player's settings, and goes on with «Продолжить»", async ({ page }) => {
    await storeSettings(page, { autoNext: true, autoNextCountdown: 0 });
    await page.goto(episodeUrl(0));
    await expectPlayingPast(page, 0.5);
    await page.getByRole("button", { name: "Настройки плеера" }).click();
    await page.getByRole("combobox", { name: "Спрашивать через столько серий подряд" }).selectOption("2");
    await page.keyboard.press("Escape");

    await watchToTheEnd(page, 0);
    await watchToTheEnd(page, 1);
    await expect(question(page)).toBeVisible({ timeout: 15_000 });
    await question(page).getByRole("button", { name: "Продолжить" }).click();
    await expect(page).toHaveURL(atEpisode(2), { timeout: 15_000 });
  });

  test("never asks when turned off", async ({ page }) => {
    await storeSettings(page, { autoNext: true, autoNextCountdown: 0, stillWatchingCheck: false, stillWatchingEpisodes: 2 });
    await page.goto(episodeUrl(0));
    await watchToTheEnd(page, 0);
    await watchToTheEnd(page, 1);
    await expect(page).toHaveURL(atEpisode(2), { timeout: 15_000 });
    await expect(question(page)).toHaveCount(0);
  });
});
