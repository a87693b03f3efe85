// Seek-bar previews (the embedded API's WebVTT thumbnail track and sprite sheet): a hover, a finger's drag and the
// arrow keys each show the frame of the moment they point at, with its time, kept over the bar at 390 and 1440 px.
// Without a track (the long-running show's episodes, served as a live upstream serves them) the frames are built in
// the browser from the lowest rendition, after the first frame, and not at all under the data saver.
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { waitForHydration } from "./hydration";
import { expectPlayingPast, findEpisodeWithoutPreviewTrack, findPlayableRelease, previewFrameAt, withoutPreRoll } from "./player-helpers";

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
];

async function openEpisode(page: Page, path: string) {
  await withoutPreRoll(page.context());
  await page.goto(path);
  await waitForHydration(page);
  await expectPlayingPast(page, 0.5, 30_000);
}

/** The preview's box against the seek bar's, and the tile it shows (its sheet and offset). */
async function previewOf(page: Page) {
  const preview = page.locator("[data-seek-preview]");
  await expect(preview).toHaveAttribute("data-seek-preview", "frame");
  const bar = await page.getByRole("slider", { name: "Позиция воспроизведения" }).boundingBox();
  const box = await preview.boundingBox();
  const tile = await preview
    .locator("div")
    .first()
    .evaluate((element) => ({
      image: getComputedStyle(element).backgroundImage,
      position: getComputedStyle(element).backgroundPosition,
    }));
  return { bar: bar!, box: box!, tile, text: (await preview.textContent()) ?? "" };
}

for (const viewport of WIDTHS) {
  test(
    `at ${viewport.width} px a hover, a finger and the arrow keys show the frame of the moment`,
    { tag: "@js-only" },
    async ({ page, request }) => {
      const release = await findPlayableRelease(request);
      await page.setViewportSize(viewport);
      await openEpisode(page, `/anime/video/episode/${release.episodes[0]!.id}`);
      const slider = page.getByRole("slider", { name: "Позиция воспроизведения" });
      const bar = (await slider.boundingBox())!;
      // A hover three quarters along: the frame of 0:18 (the clip is 24 s, a tile every 2 s, 4 to a row).
      await page.mouse.move(bar.x + bar.width * 0.75, bar.y + bar.height / 2);
      const hovered = await previewOf(page);
      expect(hovered.tile.image).toContain("thumbnails.jpg");
      expect(hovered.tile.position).toBe("-160px -180px");
      expect(hovered.text).toBe("0:18");
      // Nothing of the player's covers it: the skip button steps aside while it is up.
      await expect(page.getByRole("button", { name: /Пропустить/ })).not.toBeVisible();
      expect(hovered.box.y + hovered.box.height).toBeLessThanOrEqual(hovered.bar.y + 1);
      expect(hovered.box.x).toBeGreaterThanOrEqual(0);
      expect(hovered.box.x + hovered.box.width).toBeLessThanOrEqual(viewport.width);
      // Gone when the pointer leaves the bar.
      await page.mouse.move(bar.x + bar.width / 2, bar.y - 200);
      await expect(page.locator("[data-seek-preview]")).toHaveCount(0);

      // A finger: pointer events of a touch, down and along the bar.
      for (const [type, share] of [
        ["pointerdown", 0.1],
        ["pointermove", 0.25],
      ] as const) {
        await slider.dispatchEvent(type, {
          pointerType: "touch",
          clientX: bar.x + bar.width * share,
          clientY: bar.y + bar.height / 2,
          bubbles: true,
        });
      }
      expect((await previewOf(page)).text).toBe("0:06");
      await slider.dispatchEvent("pointerup", { pointerType: "touch", bubbles: true });
      await expect(page.locator("[data-seek-preview]")).toHaveCount(0);

      // The keys: the frame of where the playhead went.
      await page.keyboard.press("KeyK");
      await slider.focus();
      await page.keyboard.press("ArrowRight");
      const keyed = await previewOf(page);
      expect(keyed.tile.image).toContain("thumbnails.jpg");
      await expect(page.locator("[data-seek-preview]")).toHaveCount(0, { timeout: 5_000 });
    },
  );
}

/** The address of an episode without a seek-preview track. */
async function episodeWithoutTrack(request: APIRequestContext): Promise<string> {
  return `/anime/video/episode/${await findEpisodeWithoutPreviewTrack(request)}`;
}

/** When the episode first played, and when each request for the lowest rendition's playlist began (the page's clock). */
async function startsAgainstFirstFrame(page: Page) {
  return page.evaluate(() => ({
    firstPlaying: (window as unknown as { firstPlayingAt?: number }).firstPlayingAt ?? Number.POSITIVE_INFINITY,
    lowestPlaylist: performance
      .getEntriesByType("resource")
      .filter((entry) => entry.name.includes("/480/index.m3u8"))
      .map((entry) => entry.startTime),
  }));
}

test.describe("without a track", { tag: "@js-only" }, () => {
  test.describe.configure({ timeout: 90_000 });
  test.beforeEach(({ context }) =>
    context.addInitScript(() =>
      document.addEventListener(
        "playing",
        () => ((window as unknown as { firstPlayingAt?: number }).firstPlayingAt ??= performance.now()),
        true,
      ),
    ),
  );

  test("the frames are built in the browser from the lowest rendition, once the episode has its first frame", async ({ page, request }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await openEpisode(page, await episodeWithoutTrack(request));
    // Three quarters along: 0:18, in the tile built from 0:15.
    expect(await previewFrameAt(page, 0.75, 60_000)).toContain("blob:");
    await expect(page.locator("[data-seek-preview]")).toContainText("0:18");
    const { firstPlaying, lowestPlaylist } = await startsAgainstFirstFrame(page);
    // The episode's engine may ask for the lowest rendition before its first frame; the previews' engine only after.
    expect(lowestPlaylist.filter((start) => start < firstPlaying).length).toBeLessThanOrEqual(1);
    expect(lowestPlaylist.filter((start) => start >= firstPlaying).length).toBeGreaterThanOrEqual(1);
  });

  test("under the data saver nothing is built: the time alone", async ({ page, request, context }) => {
    // The browser's own signal, set at the edge: Chromium has no switch for it here.
    await context.addInitScript(() => Object.defineProperty(Navigator.prototype, "connection", { get: () => ({ saveData: true }) }));
    const scripts: string[] = [];
    page.on("request", (sent) => sent.resourceType() === "script" && scripts.push(sent.url()));
    // Low-data mode holds the stream until play is pressed (decision 0288).
    await withoutPreRoll(page.context());
    await page.goto(await episodeWithoutTrack(request));
    await waitForHydration(page);
    await page.getByRole("button", { name: "Смотреть", exact: true }).first().click();
    await expectPlayingPast(page, 3, 30_000);
    const bar = (await page.getByRole("slider", { name: "Позиция воспроизведения" }).boundingBox())!;
    // The first move over a playing picture brings its controls back; the second is the hover.
    await page.mouse.move(bar.x + bar.width * 0.1 - 2, bar.y + bar.height / 2);
    await page.mouse.move(bar.x + bar.width * 0.1, bar.y + bar.height / 2);
    await expect(page.locator("[data-seek-preview]")).toHaveAttribute("data-seek-preview", "time");
    expect(scripts.some((url) => /seek-preview-builder/.test(url))).toBe(false);
  });
});
