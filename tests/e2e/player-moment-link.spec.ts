// A link to a moment (decision 0285): «Поделиться с отметкой времени» copies `?t=`, and the link opens the episode at
// that second, after the age question and the pre-roll where they apply.
import { expect, test, type Page } from "@playwright/test";
import { expectPlayingPast, findPlayableRelease, seekTo, withoutPreRoll, type DemoRelease } from "./player-helpers";

let release: DemoRelease;
let adultRelease: DemoRelease;

test.beforeAll(async ({ request }) => {
  release = await findPlayableRelease(request);
  adultRelease = await findPlayableRelease(request, { adult: true });
});

const episodePath = (of: DemoRelease, index: number) => `/anime/video/episode/${of.episodes[index]!.id}`;

/** Where the episode's own picture first played from (the pre-roll has a <video> of its own). */
async function rememberFirstPlayingPosition(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener(
      "playing",
      (event) => {
        const video = event.target as HTMLVideoElement;
        const own = window as unknown as { firstPlayedAt?: number };
        if (video.hasAttribute("data-episode-video") && own.firstPlayedAt === undefined) own.firstPlayedAt = video.currentTime;
      },
      true,
    );
  });
}
const firstPlayedAt = (page: Page) => page.evaluate(() => (window as unknown as { firstPlayedAt?: number }).firstPlayedAt ?? null);

test.describe("a link to a moment", { tag: "@js-only" }, () => {
  test.describe.configure({ timeout: 90_000 });

  test("is copied from the player's settings with the second playing now", async ({ page, context }) => {
    await withoutPreRoll(context);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto(episodePath(release, 0));
    await expectPlayingPast(page, 0.5);
    await page.keyboard.press("KeyK");
    await seekTo(page, 12.4);
    await page.getByRole("button", { name: "Настройки плеера" }).click();
    await page.getByRole("button", { name: "Поделиться с отметкой времени" }).click();
    await expect(page.locator("[data-player-live-region]")).toHaveText("Ссылка на 0:12 скопирована");
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(new URL(`${episodePath(release, 0)}?t=12`, page.url()).toString());
  });

  test("opens the episode at that second, in seconds or as a clock, and ignores what it cannot read", async ({ page, context }) => {
    await withoutPreRoll(context);
    await rememberFirstPlayingPosition(page);
    for (const [t, second] of [
      ["12", 12],
      ["0:15", 15],
      ["10s", 10],
    ] as const) {
      await page.goto(`${episodePath(release, 0)}?t=${t}`);
      await expect.poll(() => firstPlayedAt(page), { timeout: 20_000, message: `?t=${t}` }).not.toBeNull();
      expect(Math.abs((await firstPlayedAt(page))! - second)).toBeLessThanOrEqual(1);
    }
    await page.goto(`${episodePath(release, 1)}?t=soon`);
    await expect.poll(() => firstPlayedAt(page), { timeout: 20_000 }).not.toBeNull();
    expect(await firstPlayedAt(page)).toBeLessThan(1);
  });

  test("plays the pre-roll first, then the episode from the second", async ({ page }) => {
    await rememberFirstPlayingPosition(page);
    await page.goto(`${episodePath(release, 0)}?t=12`);
    const ad = page.getByRole("region", { name: "Реклама" });
    await expect(ad).toHaveAttribute("data-pre-roll", "playing", { timeout: 20_000 });
    // To its last second rather than the whole creative: it still ends on its own, as it would in full.
    await ad.locator("video").evaluate((element: HTMLVideoElement) => {
      element.currentTime = Math.max(0, element.duration - 0.5);
    });
    await expect(ad).toHaveCount(0, { timeout: 40_000 });
    await expect.poll(() => firstPlayedAt(page), { timeout: 20_000 }).not.toBeNull();
    expect(Math.abs((await firstPlayedAt(page))! - 12)).toBeLessThanOrEqual(1);
  });

  test("asks an adult episode's age question first, and keeps the second through it", async ({ page, context }) => {
    await withoutPreRoll(context);
    await rememberFirstPlayingPosition(page);
    await page.goto(`${episodePath(adultRelease, 0)}?t=12`);
    const question = page.getByRole("dialog", { name: "Только для взрослых" });
    await question.getByRole("button", { name: "Мне есть 18 лет" }).click();
    await expect(page).toHaveURL(/\?t=12$/);
    await expectPlayingPast(page, 12);
    expect(Math.abs((await firstPlayedAt(page))! - 12)).toBeLessThanOrEqual(1);
  });
});
