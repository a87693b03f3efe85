// The player for a keyboard and a screen reader (decision 0285): axe in each of its states, one journey without a
// mouse, what the live region says, the shortcut list as a modal dialog, and no transitions for reduced motion.
import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
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

const episodeUrl = (index: number) => `/anime/video/episode/${release.episodes[index]!.id}`;
const liveRegion = (page: Page) => page.locator("[data-player-live-region]");
const paused = (page: Page) => video(page).evaluate((element: HTMLVideoElement) => element.paused);

const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement).catch(() => false);

/** Presses Tab (or Shift+Tab) until `target` has focus: the way a keyboard user gets to a control. */
async function tabTo(page: Page, target: Locator, { backwards = false } = {}) {
  for (let presses = 0; presses < 80; presses += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

test.describe("the player without a mouse", { tag: "@js-only" }, () => {
  test.describe.configure({ timeout: 120_000 });
  test.beforeEach(({ context }) => withoutPreRoll(context));

  test("has no axe violations playing, paused, with its settings, its shortcut list, at the end and on an error", async ({ page }) => {
    await storeSettings(page, { autoNext: false });
    await page.goto(episodeUrl(0));
    await expectPlayingPast(page, 0.5);
    await expectNoAxeViolations(page);

    await page.keyboard.press("KeyK");
    await expect.poll(() => paused(page)).toBe(true);
    await expectNoAxeViolations(page);

    await page.getByRole("button", { name: "Настройки плеера" }).click();
    await expect(page.locator("[data-settings-panel]")).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");

    await page.keyboard.press("Shift+Slash");
    await expect(page.getByRole("dialog", { name: "Горячие клавиши" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");

    await seekTo(page, 23);
    await page.keyboard.press("KeyK");
    await expect(page.locator('[data-end-card="waiting"]')).toBeVisible({ timeout: 15_000 });
    await expectNoAxeViolations(page);

    // Every segment damaged on the host: the engine gives up after its one recovery.
    await page.route(/\/segment-\d+\.ts(\?|$)/, (route) =>
      route.fulfill({ status: 200, contentType: "video/mp2t", body: "x".repeat(4096) }),
    );
    await page.goto(episodeUrl(1));
    await expect(page.getByRole("alert")).toContainText("Не удалось воспроизвести видео", { timeout: 45_000 });
    await expectNoAxeViolations(page);
  });

  test("plays, seeks, skips the opening, changes quality and goes on to the next episode with keys only", async ({ page }) => {
    await page.goto(episodeUrl(0));
    await expectPlayingPast(page, 0.5);

    const pause = page.getByRole("button", { name: "Пауза" });
    await tabTo(page, pause);
    await expect(page.locator("[data-player-controls]")).toBeVisible();
    await page.keyboard.press("Space");
    await expect.poll(() => paused(page)).toBe(true);

    const seekBar = page.getByRole("slider", { name: "Позиция воспроизведения" });
    await tabTo(page, seekBar, { backwards: true });
    await page.keyboard.press("Home");
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => currentTime(page)).toBeCloseTo(5, 0);
    await expect(seekBar).toHaveAttribute("aria-valuetext", "0:05 из 0:24");

    const skip = page.getByRole("button", { name: "Пропустить опенинг" });
    await tabTo(page, skip, { backwards: true });
    await page.keyboard.press("Enter");
    await expect.poll(() => currentTime(page)).toBeGreaterThanOrEqual(7.9);
    await expect(liveRegion(page)).toHaveText("Опенинг пропущен");

    const settings = page.getByRole("button", { name: "Настройки плеера" });
    await tabTo(page, settings);
    await page.keyboard.press("Enter");
    await expect(settings).toHaveAttribute("aria-expanded", "true");
    // Focus went into the menu, on the quality chosen.
    await expect(page.getByRole("radio", { name: /^Авто/ })).toBeFocused();
    await page.keyboard.press("ArrowRight");
    const chosen = page.locator("[data-settings-panel] input[type=radio]:checked");
    const height = await chosen.getAttribute("value");
    expect(height).toMatch(/^\d+$/);
    await expect(page.locator("[data-player-engine]")).toHaveAttribute("data-rendition", height!, { timeout: 15_000 });
    await expect(liveRegion(page)).toHaveText(`Качество: ${height}p`);
    await page.keyboard.press("Escape");
    await expect(page.locator("[data-settings-panel]")).toHaveCount(0);
    await expect(settings).toBeFocused();

    await page.keyboard.press("KeyK");
    await expect.poll(() => paused(page)).toBe(false);
    await tabTo(page, page.getByRole("button", { name: "Следующая серия" }), { backwards: true });
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`${release.episodes[1]!.id}$`));
    await expectPlayingPast(page, 0.5);
  });

  test("keeps the shortcut list modal: Tab stays in it, Escape closes it, focus goes back", async ({ page }) => {
    await page.goto(episodeUrl(0));
    await expectPlayingPast(page, 0.5);
    const opener = page.getByRole("button", { name: "Горячие клавиши" });
    await tabTo(page, opener);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Горячие клавиши" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute("aria-modal", "true");
    for (let presses = 0; presses < 3; presses += 1) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Shift+Tab");
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test("says the countdown to the next episode, and shows the controls to a key while they are hidden", async ({ page }) => {
    await storeSettings(page, { autoNext: true, autoNextCountdown: 5 });
    await page.goto(episodeUrl(0));
    await expectPlayingPast(page, 0.5);
    const controls = page.locator("[data-player-controls]");
    await tabTo(page, page.getByRole("slider", { name: "Позиция воспроизведения" }));
    await expect(controls).toHaveCSS("opacity", "1");
    // Idle again while the episode plays: hidden by the timer, still shown around the focused control.
    await expect(controls).toHaveAttribute("data-player-controls", "hidden", { timeout: 10_000 });
    await expect(controls).toHaveCSS("opacity", "1");

    await seekTo(page, 22.5);
    await expect(liveRegion(page)).toHaveText("Следующая серия через 5 с", { timeout: 15_000 });
  });

  test("has no transitions for a viewer who asked for reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto(episodeUrl(0));
    await expectPlayingPast(page, 0.5);
    await expect(page.locator("[data-player-controls]")).toHaveCSS("transition-property", "none");
  });
});

test.describe("the pre-roll", { tag: "@js-only" }, () => {
  test("has no axe violations", async ({ page }) => {
    test.setTimeout(60_000);
    await page.goto(episodeUrl(0));
    await expect(page.locator("[data-pre-roll='playing']").last()).toBeAttached({ timeout: 20_000 });
    await expectNoAxeViolations(page);
  });
});
