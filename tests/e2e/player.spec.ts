import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { createSignedInAccount, useOwnClientAddress } from "./auth-helpers";
import {
  currentTime,
  expectPlayingPast,
  findPlayableRelease,
  seekTo,
  storeSettings,
  video,
  withoutPreRoll,
  type DemoRelease,
} from "./player-helpers";

let release: DemoRelease;

test.beforeAll(async ({ request }) => {
  release = await findPlayableRelease(request);
});

test.beforeEach(({ context }) => withoutPreRoll(context));

const episodeUrl = (index: number) => `/anime/video/episode/${release.episodes[index]!.id}`;

test.describe("the player", { tag: "@js-only" }, () => {
  // Real playback of real segments: slower than a page check on a busy machine.
  test.describe.configure({ timeout: 90_000 });

  test("starts playing with hls.js in Chromium, loaded only here", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => request.resourceType() === "script" && scripts.push(request.url()));
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    expect(scripts.some((url) => /hls/i.test(url))).toBe(false);

    await page.goto(episodeUrl(0));
    await expect(page.getByRole("heading", { level: 1 })).toContainText(release.title);
    await expectPlayingPast(page, 1);
    await expect(page.locator("[data-player-engine]")).toHaveAttribute("data-player-engine", "hls.js");
    expect(scripts.some((url) => /hls/i.test(url))).toBe(true);
  });

  test("says it cannot play when the episode's playlist is missing", async ({ page }) => {
    // Every attempt at the multi-variant playlist answered 404, the early start's and the player's alike.
    await page.route(/\/master\.m3u8(\?|$)/, (route) => route.fulfill({ status: 404, body: "" }));
    await page.goto(episodeUrl(0));
    await expect(page.getByRole("alert")).toContainText("Не удалось воспроизвести видео", { timeout: 45_000 });
  });

  test("skips the opening with the button, and on its own when asked to", async ({ page }) => {
    await page.goto(episodeUrl(0));
    await expectPlayingPast(page, 0.5);
    await expect(page.locator('[data-skip-marker="opening"]')).toBeAttached();
    await expect(page.locator('[data-skip-marker="ending"]')).toBeAttached();
    const skip = page.getByRole("button", { name: "Пропустить опенинг" });
    await expect(skip).toBeHidden();
    // Paused inside the opening: the button stays until used.
    await page.keyboard.press("KeyK");
    await seekTo(page, 3);
    await skip.click();
    await expect.poll(() => currentTime(page)).toBeGreaterThanOrEqual(7.9);
    await expect(skip).toBeHidden();

    await storeSettings(page, { autoSkipOpening: true });
    await page.goto(episodeUrl(1));
    await page.evaluate(() => {
      const times: number[] = [];
      (window as unknown as { seen: number[] }).seen = times;
      document
        .querySelector("video")!
        .addEventListener("timeupdate", (event) => times.push((event.target as HTMLVideoElement).currentTime));
    });
    await expectPlayingPast(page, 9);
    const seen = await page.evaluate(() => (window as unknown as { seen: number[] }).seen);
    // Nothing inside the opening played: the player jumped from its start to its end.
    expect(seen.filter((time) => time > 3 && time < 7.5)).toEqual([]);
  });

  test("shows the end card and goes on to the next episode", async ({ page }) => {
    await storeSettings(page, { autoNext: true, autoNextCountdown: 5 });
    await page.goto(episodeUrl(0));
    await expectPlayingPast(page, 0.5);
    await seekTo(page, 22.5);
    await expect(page.locator("[data-end-card]").getByText(/Следующая серия через \d с/)).toBeVisible({ timeout: 10_000 });
    await expect(page).toHaveURL(new RegExp(`${release.episodes[1]!.id}$`), { timeout: 10_000 });
    await expectPlayingPast(page, 0.5);
  });

  test("switches quality by hand and back to automatic", async ({ page }) => {
    await page.goto(episodeUrl(0));
    await expectPlayingPast(page, 0.5);
    const player = page.locator("[data-player-engine]");
    await page.getByRole("button", { name: "Настройки плеера" }).click();
    // Exact names: the automatic choice is labelled with the rendition it plays, "Авто (1080p)".
    await page.getByRole("radio", { name: "1080p", exact: true }).check();
    await expect(player).toHaveAttribute("data-rendition", "1080", { timeout: 15_000 });
    await expect.poll(() => video(page).evaluate((element: HTMLVideoElement) => element.videoHeight), { timeout: 15_000 }).toBe(1080);
    await page.getByRole("radio", { name: "480p", exact: true }).check();
    await expect(player).toHaveAttribute("data-rendition", "480", { timeout: 15_000 });
    // The choice is remembered for the next episode.
    await page.goto(episodeUrl(1));
    await expect(page.locator("[data-player-engine]")).toHaveAttribute("data-rendition", "480", { timeout: 15_000 });
    await page.getByRole("button", { name: "Настройки плеера" }).click();
    await expect(page.getByRole("radio", { name: "480p", exact: true })).toBeChecked();
    await page.getByRole("radio", { name: /^Авто/ }).check();
    expect(await page.evaluate(() => JSON.parse(window.localStorage.getItem("player:settings:v1") ?? "{}").quality)).toBe("auto");
  });

  test("answers keyboard shortcuts on physical keys, with ? listing them", async ({ page }) => {
    await page.goto(episodeUrl(0));
    await expectPlayingPast(page, 0.5);
    await page.keyboard.press("Shift+Slash");
    const help = page.getByRole("dialog", { name: "Горячие клавиши" });
    await expect(help).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(help).toBeHidden();
    // "k" on the Russian layout prints "л": the physical key still pauses.
    const paused = () => video(page).evaluate((element: HTMLVideoElement) => element.paused);
    await page.keyboard.press("Space");
    await expect.poll(paused, { timeout: 10_000 }).toBe(true);
    await page.keyboard.press("KeyK");
    await expect.poll(paused, { timeout: 10_000 }).toBe(false);
    await page.keyboard.press("KeyM");
    await expect.poll(() => video(page).evaluate((element: HTMLVideoElement) => element.muted), { timeout: 10_000 }).toBe(true);
    await page.keyboard.press("Shift+KeyN");
    await expect(page).toHaveURL(new RegExp(`${release.episodes[1]!.id}$`));
    await expectPlayingPast(page, 0.5);
    // Mute is a remembered setting.
    await expect.poll(() => video(page).evaluate((element: HTMLVideoElement) => element.muted), { timeout: 10_000 }).toBe(true);
  });

  test("keeps a visitor's position in the browser, across closing the tab", async ({ page, context }) => {
    await page.goto(episodeUrl(0));
    await expectPlayingPast(page, 0.5);
    await seekTo(page, 12);
    await expectPlayingPast(page, 12.5);
    await page.keyboard.press("KeyK");
    await page.close({ runBeforeUnload: true });

    const again = await context.newPage();
    await again.goto(episodeUrl(0));
    await expect.poll(() => currentTime(again), { timeout: 20_000 }).toBeGreaterThanOrEqual(12);
    // The notice over the picture (the live region says the same words).
    await expect(
      again.locator("div:not([data-player-live-region]) > span").filter({ hasText: /Продолжаем с 0:(1[2-9]|2\d)/ }),
    ).toBeVisible();
  });

  test("keeps a signed-in user's position in the account, sent when the tab closes", async ({ page, context }) => {
    await useOwnClientAddress(page);
    // Registered, confirmed and signed in through the site's own forms.
    await createSignedInAccount(page);
    await page.goto(episodeUrl(0));
    await expectPlayingPast(page, 0.5);
    await seekTo(page, 13);
    await expectPlayingPast(page, 13.5);
    // Closing the tab while playing: no pause, no 12-second batch yet — the beacon on pagehide carries it.
    await page.close({ runBeforeUnload: true });

    await expect
      .poll(async () => {
        const answer = await context.request.get("/api/v1/accounts/users/me/views/timecodes");
        const entries = (await answer.json()) as [string, number, boolean][];
        if (!Array.isArray(entries)) throw new Error(`timecodes answer ${answer.status()}: ${JSON.stringify(entries)}`);
        return entries.find(([id]) => id === release.episodes[0]!.id)?.[1] ?? 0;
      })
      .toBeGreaterThanOrEqual(13);

    // As on another device: nothing of this browser's storage, only the account's data.
    await context.addInitScript(() => window.localStorage.clear());
    const again = await context.newPage();
    await again.goto(episodeUrl(0));
    await expect.poll(() => currentTime(again), { timeout: 20_000 }).toBeGreaterThanOrEqual(13);
    await expect(again.getByText(/Продолжаем с 0:(1[3-9]|2\d)/)).toBeVisible();
  });
});

test.describe("the player page", () => {
  test("shows the episode, its queue and the downloads without JavaScript", { tag: "@no-js-only" }, async ({ page }) => {
    await page.goto(episodeUrl(0));
    await expect(page.getByRole("heading", { level: 1 })).toContainText(release.title);
    const queue = page.getByRole("region", { name: /Серии/ });
    await expect(queue.getByRole("link")).toHaveCount(release.episodes.length);
    await expect(queue.locator('[aria-current="page"]')).toHaveAttribute("href", episodeUrl(0));
    // Two blocks under the player, each named for what it gives: saving for offline viewing, and the torrents.
    await expect(page.getByRole("region", { name: "Торренты" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Скачать" })).toHaveCount(0);
    // The browser's own controls, on the copy laid over the stage for pages without JavaScript (decision 0235).
    await expect(page.locator("video[controls]")).toBeVisible();
    await queue.getByRole("link").nth(1).click();
    await expect(page).toHaveURL(new RegExp(`${release.episodes[1]!.id}$`));
  });

  test("is accessible", async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto(episodeUrl(0));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("the queue view keeps navigation in the queue and is not indexed", async ({ page }) => {
    await page.goto(`/anime/video/queue/${release.episodes[0]!.id}`);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    const queue = page.getByRole("region", { name: /Серии/ });
    await expect(queue.getByRole("link").nth(1)).toHaveAttribute("href", `/anime/video/queue/${release.episodes[1]!.id}`);
  });
});
