// Saved episodes (docs/decisions/0200): "Скачать для просмотра без сети" saves one rendition through the service
// worker; /me/downloads plays it with the network off, keeps its progress, and deleting it frees the space.
// Runs in the service-worker project (file name ends in pwa.spec.ts): the worker is allowed there.
import { expect, test, type APIRequestContext, type BrowserContext, type Locator, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import {
  expectPlayingPast,
  findEpisodeWithoutPreviewTrack,
  findPlayableRelease,
  previewFrameAt,
  video,
  withoutPreRoll,
} from "./player-helpers";

test.describe.configure({ mode: "serial" });

async function openPicker(page: Page, episodeId: string) {
  await page.goto(`/anime/video/episode/${episodeId}#offline-save`);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  return page.locator("#offline-save");
}

/** Saves the episode at 480p from the player page's picker and waits until every file is in. */
async function saveLowestQuality(page: Page, episodeId: string) {
  const picker = await openPicker(page, episodeId);
  await expect(picker.getByText("Скачать для просмотра без сети")).toBeVisible();
  await expect(picker.getByTestId("storage-estimate")).toContainText(/Занято .+ из доступных/);
  const lowest = picker.getByRole("button", { name: /^480p — до \d/ });
  await expect(lowest).toBeEnabled();
  await startDownload(picker, lowest);
  await expect(picker.locator('[data-download-phase="complete"]')).toBeVisible({ timeout: 20_000 });
  await expect(picker.getByText("Сохранено", { exact: true })).toBeVisible();
}

/** The picker of one of a playable release's episodes, pre-roll off, with one quality's button ready to tap. */
async function pickerWithQuality(page: Page, context: BrowserContext, request: APIRequestContext, episode: number, height: number) {
  await withoutPreRoll(context);
  const release = await findPlayableRelease(request);
  const episodeId = release.episodes[episode]!.id;
  const picker = await openPicker(page, episodeId);
  const quality = picker.getByRole("button", { name: new RegExp(`^${height}p — до \\d`) });
  await expect(quality).toBeEnabled();
  return { picker, episodeId, quality };
}

/** A tap on a quality asks first, with the size; «Скачать» in the question starts the download. */
async function startDownload(picker: Locator, quality: Locator) {
  await quality.click();
  await picker
    .getByRole("group", { name: /^Сохранить серию в \d+p — до \d/ })
    .getByRole("button", { name: "Скачать" })
    .click();
}

/**
 * Runs `saving` under a real quota, enforced by Chromium itself: `quotaFor` gets what the origin already uses. Chromium
 * enforces the override but `navigator.storage.estimate()` does not report it.
 */
async function underQuota(
  page: Page,
  context: BrowserContext,
  baseURL: string,
  quotaFor: (usage: number) => number,
  saving: () => Promise<void>,
) {
  // The worker keeps the page's own files once it controls the page (entry.worker.ts, cacheCurrentPage): the player's
  // are several hundred KB, and usage measured before they are in left the episode none of the room meant for it.
  await page.waitForFunction(async () => {
    const assets = performance
      .getEntriesByType("resource")
      .map((entry) => new URL(entry.name))
      .filter((url) => url.origin === window.location.origin && url.pathname.startsWith("/assets/"));
    return (await Promise.all(assets.map((url) => caches.match(url.pathname)))).every(Boolean);
  });
  const usage = await page.evaluate(async () => (await navigator.storage.estimate()).usage ?? 0);
  const origin = new URL(baseURL).origin;
  const cdp = await context.newCDPSession(page);
  await cdp.send("Storage.overrideQuotaForOrigin", { origin, quotaSize: quotaFor(usage) });
  try {
    await saving();
  } finally {
    await cdp.send("Storage.overrideQuotaForOrigin", { origin });
  }
}

/** Starts saving at `quality`, which runs out of space: the picker says why (`message`), and cancelling keeps nothing. */
async function savingFailsForSpace(page: Page, picker: Locator, quality: Locator, episodeId: string, message: RegExp) {
  await startDownload(picker, quality);
  await expect(picker.locator('[data-download-phase="failed"]')).toBeVisible({ timeout: 20_000 });
  await expect(picker.getByRole("alert")).toContainText(message);
  // Cancelling removes what was saved before space ran out.
  await picker.getByRole("button", { name: "Отменить" }).click();
  await expect(picker.getByRole("button", { name: /^480p/ })).toBeVisible();
  expect(await savedFileCount(page, episodeId)).toBe(0);
}

/** The names of an episode's saved files: its playlist, its parts, and its seek previews when it has any. */
async function savedFiles(page: Page, episodeId: string): Promise<string[]> {
  return page.evaluate(async (id) => {
    const folder = `/offline-episodes/${encodeURIComponent(id)}/`;
    const cache = await caches.open("offline-episodes-v1");
    return (await cache.keys())
      .map((key) => new URL(key.url).pathname)
      .filter((path) => path.startsWith(folder))
      .map((path) => path.slice(folder.length));
  }, episodeId);
}

/** The worker keeps the downloads page for offline use once an episode is saved. */
async function downloadsPageKept(page: Page) {
  await page.waitForFunction(async () =>
    Boolean(await caches.open("shell-v1").then((cache) => cache.match(new URL("/me/downloads", window.location.origin).href))),
  );
}

/** Plays a saved episode from /me/downloads (opened anew). */
async function playSaved(page: Page, episodeId: string) {
  await page.goto("/me/downloads");
  await page
    .locator(`[data-episode-id="${episodeId}"]`)
    .getByRole("button", { name: /^Смотреть: / })
    .click();
}

async function savedFileCount(page: Page, episodeId: string): Promise<number> {
  return (await savedFiles(page, episodeId)).length;
}

async function storageUsage(page: Page): Promise<number> {
  const estimate = page.getByTestId("storage-estimate");
  await expect(estimate).toBeVisible();
  return Number(await estimate.getAttribute("data-usage"));
}

test.describe("saved episodes @js-only", () => {
  // Each journey saves a clip, then plays or deletes it: several page loads and a few seconds of playback.
  test.beforeEach(() => test.setTimeout(60_000));

  test("a tap on a quality asks first, with the size, and «Отмена» downloads nothing", async ({ page, context, request }) => {
    const { picker, episodeId, quality: lowest } = await pickerWithQuality(page, context, request, 2, 480);
    await lowest.click();
    const question = picker.getByRole("group", { name: /^Сохранить серию в 480p — до \d/ });
    await expect(question).toBeVisible();
    await expect(picker.locator("[data-download-phase]")).toHaveCount(0);
    await question.getByRole("button", { name: "Отмена" }).click();
    await expect(question).toBeHidden();
    await expect(picker.locator("[data-download-phase]")).toHaveCount(0);
    expect(await savedFileCount(page, episodeId)).toBe(0);
  });

  test("a saved episode plays on /me/downloads with the network off and keeps its progress across a reload", async ({
    page,
    context,
    request,
  }) => {
    await withoutPreRoll(context);
    const release = await findPlayableRelease(request);
    const episodeId = release.episodes[0]!.id;
    await saveLowestQuality(page, episodeId);
    // The playlist, the demo clip's 13 segments, and its seek previews: the track and its sheet.
    expect(await savedFileCount(page, episodeId)).toBe(16);
    // The worker keeps the downloads page for offline use once the episode is saved.
    await downloadsPageKept(page);

    await context.setOffline(true);
    try {
      // Never opened before: the worker's copy answers.
      await page.goto("/me/downloads");
      await expect(page.getByRole("heading", { level: 1, name: "Сохранённые серии" })).toBeVisible();
      const item = page.locator(`[data-episode-id="${episodeId}"]`);
      await expect(item).toContainText(release.title);
      await expect(item).toContainText("480p");
      await item.getByRole("button", { name: /^Смотреть: / }).click();
      await expectPlayingPast(page, 10);
      // The seek bar shows the saved sheet's frames.
      expect(await previewFrameAt(page, 0.75)).toContain(`/offline-episodes/${encodeURIComponent(episodeId)}/preview-0`);
      await video(page).evaluate((element: HTMLVideoElement) => element.pause());
      const stoppedAt = await video(page).evaluate((element: HTMLVideoElement) => element.currentTime);

      await playSaved(page, episodeId);
      // The player starts where the viewer stopped (the progress store kept it), not from the beginning.
      await expect
        .poll(() => video(page).evaluate((element: HTMLVideoElement) => element.currentTime))
        .toBeGreaterThanOrEqual(Math.floor(stoppedAt) - 1);
      const saved = await page.evaluate((id) => {
        const stored = JSON.parse(window.localStorage.getItem("progress:v1") ?? "{}") as { timecodes?: Record<string, { time: number }> };
        return stored.timecodes?.[id]?.time ?? 0;
      }, episodeId);
      expect(saved).toBeGreaterThanOrEqual(10);
    } finally {
      await context.setOffline(false);
    }
  });

  test("a saved episode of a live upstream, which has no track, shows frames built from its saved copy offline", async ({
    page,
    context,
    request,
  }) => {
    await withoutPreRoll(context);
    const episodeId = await findEpisodeWithoutPreviewTrack(request);
    await saveLowestQuality(page, episodeId);
    // The playlist and the 13 segments: no track to keep.
    expect(await savedFileCount(page, episodeId)).toBe(14);
    await downloadsPageKept(page);

    await context.setOffline(true);
    try {
      await playSaved(page, episodeId);
      await expectPlayingPast(page, 1);
      expect(await previewFrameAt(page, 0.75, 60_000)).toContain("blob:");
    } finally {
      await context.setOffline(false);
    }
  });

  test("deleting a saved episode without a network removes its files and the storage estimate drops", async ({
    page,
    context,
    request,
  }) => {
    await withoutPreRoll(context);
    const release = await findPlayableRelease(request);
    const episodeId = release.episodes[1]!.id;
    await saveLowestQuality(page, episodeId);
    await downloadsPageKept(page);
    await page.goto("/me/downloads");
    await expect(page.locator(`[data-episode-id="${episodeId}"]`)).toBeVisible();
    await expectNoAxeViolations(page);

    await context.setOffline(true);
    try {
      await page.goto("/me/downloads");
      const item = page.locator(`[data-episode-id="${episodeId}"]`);
      await expect(item.locator('[data-download-phase="complete"]')).toBeVisible();
      const before = await storageUsage(page);
      expect(await savedFileCount(page, episodeId)).toBeGreaterThan(0);

      await item.getByRole("button", { name: "Удалить" }).click();
      await expect(item).toHaveCount(0);
      await expect(page.getByText("Сохранённых серий пока нет.", { exact: false })).toBeVisible();
      expect(await savedFileCount(page, episodeId)).toBe(0);
      await expect.poll(() => storageUsage(page)).toBeLessThan(before);
    } finally {
      await context.setOffline(false);
    }
  });

  test("when the browser's storage quota runs out, saving stops with what is needed and what is available", async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const { picker, episodeId, quality: highest } = await pickerWithQuality(page, context, request, 0, 1080);
    // What the origin already uses and 150 KB more (the 1080p clip is far larger).
    await underQuota(
      page,
      context,
      baseURL!,
      (usage) => usage + 150 * 1024,
      () =>
        savingFailsForSpace(
          page,
          picker,
          highest,
          episodeId,
          // The estimate does not report the override: the second half varies.
          /^Недостаточно места: для серии нужно ещё около \d.*, а браузер (может выделить только \d.*|больше не выделяет места)\./,
        ),
    );
  });

  test("with no room left even for the episode's record, saving still says it stopped and why", async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const { picker, episodeId, quality: highest } = await pickerWithQuality(page, context, request, 0, 1080);
    // Less than the origin already uses: neither the playlist nor the record fits.
    await underQuota(
      page,
      context,
      baseURL!,
      (usage) => Math.max(1, usage - 64 * 1024),
      () => savingFailsForSpace(page, picker, highest, episodeId, /^Недостаточно места: для серии нужно ещё около \d/),
    );
  });

  test("after space ran out, resuming keeps the files already saved and finishes the episode", async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const { picker, episodeId, quality: highest } = await pickerWithQuality(page, context, request, 1, 1080);
    // The clip's 13 parts at 1080p are 1.8 MB. With 1.2 MB of room some fit and never all, even if files the player
    // loads late are kept after the measurement: with 0.7 MB such a file once left no part any room.
    await underQuota(
      page,
      context,
      baseURL!,
      (usage) => usage + 1200 * 1024,
      async () => {
        await startDownload(picker, highest);
        await expect(picker.locator('[data-download-phase="failed"]')).toBeVisible({ timeout: 20_000 });
      },
    );
    const partial = await savedFiles(page, episodeId);
    // The playlist and at least one segment, not all of them.
    expect(partial).toContain("playlist.m3u8");
    expect(partial.filter((name) => name.startsWith("part-")).length).toBeGreaterThan(0);
    expect(partial.filter((name) => name.startsWith("part-")).length).toBeLessThan(13);
    await expect(picker.locator('[data-download-phase="failed"]')).toContainText(/Сохранено [1-9]\d? %/);

    await picker.getByRole("button", { name: "Продолжить" }).click();
    await expect(picker.locator('[data-download-phase="complete"]')).toBeVisible({ timeout: 20_000 });
    expect(await savedFileCount(page, episodeId)).toBe(16);
    // Every saved byte counted once: the record's total is what the cache holds.
    const { cached, recorded } = await page.evaluate(async (id) => {
      const cache = await caches.open("offline-episodes-v1");
      const keys = (await cache.keys()).filter((key) => new URL(key.url).pathname.includes("/part-"));
      let cachedBytes = 0;
      for (const key of keys) cachedBytes += (await (await cache.match(key))!.arrayBuffer()).byteLength;
      const database = await new Promise<IDBDatabase>((resolve, reject) => {
        const opening = indexedDB.open("offline-episodes");
        opening.onsuccess = () => resolve(opening.result);
        opening.onerror = () => reject(opening.error);
      });
      const record = await new Promise<{ bytes: number }>((resolve, reject) => {
        const reading = database.transaction("episodes").objectStore("episodes").get(id);
        reading.onsuccess = () => resolve(reading.result as { bytes: number });
        reading.onerror = () => reject(reading.error);
      });
      database.close();
      return { cached: cachedBytes, recorded: record.bytes };
    }, episodeId);
    expect(recorded).toBe(cached);
  });

  test("without JavaScript the page explains that saving needs it", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    try {
      const page = await context.newPage();
      await page.goto("/me/downloads");
      await expect(page.getByRole("heading", { level: 1, name: "Сохранённые серии" })).toBeVisible();
      await expect(page.getByText("Сохранение серий для просмотра без сети работает только с включённым JavaScript.")).toBeVisible();
    } finally {
      await context.close();
    }
  });
});
