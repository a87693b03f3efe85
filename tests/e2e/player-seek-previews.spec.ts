// Seek-bar previews (the embedded API's WebVTT thumbnail track and sprite sheet): a hover, a finger's drag and the
// arrow keys each show the frame of the moment they point at, with its time, kept over the bar at 390 and 1440 px.
import { expect, test, type Page } from "@playwright/test";
import { waitForHydration } from "./hydration";
import { expectPlayingPast, findPlayableRelease, withoutPreRoll } from "./player-helpers";

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
