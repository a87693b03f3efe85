// Finding demo episodes for the player journeys, and reading the player's state.
import { expect, type APIRequestContext, type BrowserContext, type Page } from "@playwright/test";
import { findPlayableRelease as findPlayableDemoRelease, type DemoRelease } from "../support/demo-releases";

export type { DemoRelease };

export type DemoEpisode = { id: string; releaseTitle: string };

/**
 * A release whose first two episodes play here with opening and ending marks (the demo clip: 24 s, opening 2–8, ending 18–24);
 * not adult unless asked for (an adult one asks for the age confirmation first).
 */
export function findPlayableRelease(request: APIRequestContext, options: { adult?: boolean } = {}): Promise<DemoRelease> {
  return findPlayableDemoRelease({ origin: "", getJson: async (path) => (await request.get(path)).json() }, options);
}

export function video(page: Page) {
  return page.locator("video");
}

export async function currentTime(page: Page): Promise<number> {
  return video(page).evaluate((element: HTMLVideoElement) => element.currentTime);
}

/** Waits until the playhead has moved past `seconds`. */
/**
 * Playback past `seconds`, with the player in charge: the episode may start before the page hydrates (decision 0235),
 * and the player's keys and controls come with hydration.
 */
export async function expectPlayingPast(page: Page, seconds: number, timeout = 15_000): Promise<void> {
  await expect.poll(() => currentTime(page), { timeout, message: `playback past ${seconds} s` }).toBeGreaterThan(seconds);
  await expect(page.locator("[data-player-engine]")).not.toHaveAttribute("data-player-engine", "", { timeout });
}

export async function seekTo(page: Page, seconds: number): Promise<void> {
  await video(page).evaluate((element: HTMLVideoElement, time: number) => {
    element.currentTime = time;
  }, seconds);
}

export async function storeSettings(page: Page, settings: Record<string, unknown>): Promise<void> {
  await page.addInitScript((value) => window.localStorage.setItem("player:settings:v1", value), JSON.stringify(settings));
}

/**
 * The demo pre-roll plays once per tab session for visitors and for accounts with video ads (decision 0150);
 * journeys about the episode itself start as if the tab had already had its ad (tests/e2e/player-ads.spec.ts tests the ad).
 */
export async function withoutPreRoll(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => window.sessionStorage.setItem("ads:pre-roll-played", "1"));
}

/** The picture of the seek bar's preview (its CSS background image) once a hover `share` of the way along shows a frame. */
export async function previewFrameAt(page: Page, share: number, timeout = 10_000): Promise<string> {
  const bar = (await page.getByRole("slider", { name: "Позиция воспроизведения" }).boundingBox())!;
  const frame = page.locator('[data-seek-preview="frame"]');
  // A sprite built in the browser fills in as it goes: the hover is made again until the moment has its frame.
  await expect(async () => {
    await page.mouse.move(bar.x + bar.width * share - 2, bar.y + bar.height / 2);
    await page.mouse.move(bar.x + bar.width * share, bar.y + bar.height / 2);
    await expect(frame).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout });
  return frame
    .locator("div")
    .first()
    .evaluate((element) => getComputedStyle(element).backgroundImage);
}

/** The first episode of the long-running show, which the embedded API serves as a live upstream does: no seek-preview track. */
export async function findEpisodeWithoutPreviewTrack(request: APIRequestContext): Promise<string> {
  const show = (await (await request.get("/api/v1/anime/releases/dolgoe-plavanie")).json()) as {
    episodes: { id: string; sort_order: number; hls_480: string | null }[];
  };
  const first = [...show.episodes].sort((a, b) => a.sort_order - b.sort_order).find((episode) => episode.hls_480)!;
  expect(first.hls_480).toContain("/storage/clip/");
  return first.id;
}
