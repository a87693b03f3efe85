// «Смотреть вместе» (decisions 0262, 0279) in the browser: an ended room on the player, and the room where people
// look: under the video on a phone, beside it on a desktop, with the chat in view. Members staying in step is
// watch-together-sync.spec.ts, which runs on a machine it has to itself; the room's addresses and every answer they
// give (hostile input included: an unknown room, a huge message, a flood, a stranger) are request-level checks in
// tests/pages/watch-together.test.ts.
import { expect, test, type Page } from "@playwright/test";
import { collectLayoutViolations } from "../support/layout";
import { findPlayableRelease } from "./player-helpers";
import { joinRoom, member, playhead, startRoom } from "./watch-together-helpers";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

type Box = { left: number; right: number; top: number; bottom: number };

const boxOf = (page: Page, selector: string): Promise<Box> =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const { left, right, top, bottom } = element.getBoundingClientRect();
      return { left, right, top: top + window.scrollY, bottom: bottom + window.scrollY };
    });

/** Where the room sits against the video and the downloads, and that the page keeps its layout rules. */
async function expectRoomWherePeopleLook(page: Page, width: number): Promise<void> {
  const video = await boxOf(page, "[data-video-source]");
  const room = await boxOf(page, '[data-watch-together="room"]');
  const chat = await boxOf(page, "[data-room-chat]");
  if (width < 1024) {
    // Under the video and its title, before anything else: the chat within a screen and a half of the video's bottom.
    expect(room.top).toBeGreaterThan(video.bottom);
    // Before the downloads: the offline save and the torrents come after the room.
    const downloads = page.getByText("Скачать для просмотра без сети").first();
    await expect(downloads).toBeVisible();
    expect(room.bottom).toBeLessThan((await downloads.boundingBox())!.y + (await page.evaluate(() => window.scrollY)));
    expect(chat.top - video.bottom).toBeLessThan(PHONE.height * 1.5);
  } else {
    expect(room.left).toBeGreaterThanOrEqual(video.right);
    expect(room.top).toBeLessThan(video.bottom);
  }
  expect(await collectLayoutViolations(page)).toEqual([]);
}

test(
  "an episode address naming an ended room plays the episode and says the room is closed",
  { tag: "@js-only" },
  async ({ browser, baseURL, request }) => {
    const release = await findPlayableRelease(request);
    const { context, page } = await member(browser, baseURL);
    await page.goto(`/anime/video/episode/${release.episodes[0]!.id}?room=${"A".repeat(22)}`);
    await expect(page.getByRole("status").filter({ hasText: "Комната закрыта" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(release.title);
    await expect.poll(async () => (await playhead(page)).time, { timeout: 30_000, message: "the episode plays" }).toBeGreaterThan(0.5);
    // A room of one's own may be started from there.
    await expect(page.getByRole("button", { name: "Смотреть вместе" })).toBeVisible();
    await context.close();
  },
);

test(
  "the room sits where people look: under the video on a phone, beside it on a desktop; the host's mark is its own",
  { tag: "@js-only" },
  async ({ browser, baseURL, request }) => {
    test.setTimeout(120_000);
    const release = await findPlayableRelease(request);
    const host = await member(browser, baseURL, { viewport: PHONE });
    const guest = await member(browser, baseURL, { viewport: DESKTOP });
    const invitation = await startRoom(host.page, `/anime/video/episode/${release.episodes[0]!.id}`, "Аня");
    await joinRoom(guest.page, invitation, "Боря");
    await expect(host.page.locator("[data-room-members]")).toContainText("Боря");
    for (const [who, width] of [
      [host.page, PHONE.width],
      [guest.page, DESKTOP.width],
    ] as const) {
      await expectRoomWherePeopleLook(who, width);
      await expect(who.locator("[data-room-members] [data-host-mark]")).toHaveCount(1);
      await expect(who.locator("[data-room-members] li:has([data-host-mark])")).toContainText("Аня");
    }
    // And the other way round, after a resize.
    await host.page.setViewportSize(DESKTOP);
    await guest.page.setViewportSize(PHONE);
    await expect(guest.page.locator('[data-watch-together="room"]')).toBeVisible();
    await expectRoomWherePeopleLook(host.page, DESKTOP.width);
    await expectRoomWherePeopleLook(guest.page, PHONE.width);
    // The host takes the guest out: the guest's player plays on, told why.
    await host.page.getByRole("button", { name: "Убрать Боря из комнаты" }).click();
    await expect(guest.page.getByRole("status").filter({ hasText: "Ведущий убрал вас из комнаты" })).toBeVisible();
    await expect(host.page.locator("[data-room-members]")).not.toContainText("Боря");
    await Promise.all([host.context.close(), guest.context.close()]);
  },
);
