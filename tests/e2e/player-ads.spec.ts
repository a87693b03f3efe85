// Video ads as the profile says (decision 0150): the demo pre-roll before the episode, its beacons, the 3 s
// rule, broken tags, and viewers whose flags say no ads.
import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { collectLayoutViolations } from "../support/layout";
import { createSignedInAccount, useOwnClientAddress } from "./auth-helpers";
import { findPlayableRelease, type DemoRelease } from "./player-helpers";

let release: DemoRelease;

test.beforeAll(async ({ request }) => {
  release = await findPlayableRelease(request);
});

const episodeUrl = (index: number) => `/anime/video/episode/${release.episodes[index]!.id}`;
const adOverlay = (page: Page) => page.getByRole("region", { name: "Реклама" });
const adVideo = (page: Page) => adOverlay(page).locator("video");
const playerRoot = (page: Page) => page.locator("[data-pre-roll]").first();

/** The demo chain's beacons as they reach the embedded API (real requests to this server), by event. */
function collectBeacons(page: Page): { event: string; code: string | null }[] {
  const beacons: { event: string; code: string | null }[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname === "/embedded/ads/track")
      beacons.push({ event: url.searchParams.get("event") ?? "", code: url.searchParams.get("code") });
  });
  return beacons;
}

const eventsOf = (beacons: { event: string }[]) => beacons.map((beacon) => beacon.event);

async function expectEpisodePlaying(page: Page) {
  await expect(adOverlay(page)).toHaveCount(0);
  await expect
    .poll(() => page.locator("video[aria-label='Видеоплеер']").evaluate((element: HTMLVideoElement) => element.currentTime), {
      timeout: 20_000,
      message: "the episode plays",
    })
    .toBeGreaterThan(0.5);
}

/** A VAST document with one in-line ad whose file is `mediaUrl`, reporting errors to the embedded API's beacon address. */
function inlineVast(mediaUrl: string): string {
  return `<VAST version="4.1"><Ad id="broken"><InLine><AdSystem>test</AdSystem><AdTitle>broken</AdTitle>
<Error><![CDATA[/embedded/ads/track?ad=broken&event=error&code=[ERRORCODE]]]></Error>
<Impression><![CDATA[/embedded/ads/track?ad=broken&event=impression]]></Impression>
<Creatives><Creative><Linear><Duration>00:00:10</Duration><MediaFiles>
<MediaFile delivery="progressive" type="video/webm" width="640" height="360"><![CDATA[${mediaUrl}]]></MediaFile>
</MediaFiles></Linear></Creative></Creatives></InLine></Ad></VAST>`;
}

test.describe("the pre-roll", { tag: "@js-only" }, () => {
  test("plays before a visitor's first episode, can be skipped after its offset, and reports itself", async ({ page }) => {
    test.setTimeout(60_000);
    const beacons = collectBeacons(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(episodeUrl(0));

    await expect(adOverlay(page)).toBeVisible();
    await expect(playerRoot(page)).toHaveAttribute("data-pre-roll", "showing");
    await expect(adOverlay(page)).toHaveAttribute("data-pre-roll", "playing", { timeout: 15_000 });
    await expect(adOverlay(page).getByText(/^Пропуск через \d с$/)).toBeVisible();
    await expect.poll(() => eventsOf(beacons)).toEqual(expect.arrayContaining(["impression", "start"]));
    // The episode waits under the ad.
    expect(await page.locator("video[aria-label='Видеоплеер']").evaluate((element: HTMLVideoElement) => element.paused)).toBe(true);
    const screenshot = test.info().outputPath("pre-roll-390.png");
    await page.screenshot({ path: screenshot });
    await test.info().attach("pre-roll on a phone", { path: screenshot, contentType: "image/png" });
    expect(await collectLayoutViolations(page)).toEqual([]);
    await expectNoAxeViolations(page);

    // The demo's skip offset is 5 s; the button comes, and is reachable from the keyboard.
    const skip = adOverlay(page).getByRole("button", { name: "Пропустить рекламу" });
    await expect(skip).toBeVisible({ timeout: 20_000 });
    await skip.focus();
    await page.keyboard.press("Enter");
    await expectEpisodePlaying(page);
    await expect.poll(() => eventsOf(beacons)).toContain("skip");
    expect(eventsOf(beacons)).not.toContain("complete");

    // Once per tab session: the next episode starts at once.
    await page.goto(episodeUrl(1));
    await expectEpisodePlaying(page);
    await expect(playerRoot(page)).toHaveAttribute("data-pre-roll", "none");
    expect(eventsOf(beacons).filter((event) => event === "impression")).toHaveLength(1);
  });

  test("fetches the ad at its box's size and only the episode's start while the ad plays (decision 0228)", async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(episodeUrl(0));
    await expect(adOverlay(page)).toHaveAttribute("data-pre-roll", "playing", { timeout: 15_000 });
    const episodeVideo = page.locator("video[aria-label='Видеоплеер']");
    const bufferedEnd = (video: HTMLVideoElement) => (video.buffered.length ? video.buffered.end(video.buffered.length - 1) : 0);
    // Five seconds into the ad (its skip offset): time enough for either to have fetched far more.
    await expect(adOverlay(page).getByRole("button", { name: "Пропустить рекламу" })).toBeVisible({ timeout: 20_000 });
    // The demo's renditions are 480p, 720p and 1080p; a 390 px box takes the smallest.
    expect(await adVideo(page).evaluate((video: HTMLVideoElement) => video.videoHeight)).toBeLessThanOrEqual(480);
    const adAhead = await adVideo(page).evaluate((video: HTMLVideoElement) => {
      const end = video.buffered.length ? video.buffered.end(video.buffered.length - 1) : 0;
      return end - video.currentTime;
    });
    // Eight seconds ahead, give or take the 2 s segment being fetched.
    expect(adAhead).toBeLessThanOrEqual(10.5);
    // Four seconds of the episode, give or take a segment.
    expect(await episodeVideo.evaluate(bufferedEnd)).toBeLessThanOrEqual(6.5);

    await adOverlay(page).getByRole("button", { name: "Пропустить рекламу" }).click();
    await expectEpisodePlaying(page);
    await expect
      .poll(() => episodeVideo.evaluate(bufferedEnd), { timeout: 20_000, message: "the episode buffers on once the ad is over" })
      .toBeGreaterThan(10);
  });

  test("hands over to the episode when it ends, having reported its quartiles and completion", async ({ page }) => {
    const beacons = collectBeacons(page);
    await page.goto(episodeUrl(0));
    await expect(adOverlay(page)).toHaveAttribute("data-pre-roll", "playing", { timeout: 15_000 });
    // Straight to its last second rather than waiting the whole creative out.
    await adVideo(page).evaluate((element: HTMLVideoElement) => {
      element.currentTime = Math.max(0, element.duration - 0.5);
    });
    await expectEpisodePlaying(page);
    await expect
      .poll(() => eventsOf(beacons))
      .toEqual(expect.arrayContaining(["impression", "start", "firstQuartile", "midpoint", "thirdQuartile", "complete"]));
    expect(eventsOf(beacons)).not.toContain("skip");
  });

  test("a tag that does not answer within 3 s is given up and the episode starts", async ({ page }) => {
    // The pre-roll lookup never answers: only the 3 s rule can end the ad's turn and start the episode.
    let lookups = 0;
    await page.route("**/ads/pre-roll", () => {
      lookups += 1;
    });
    await page.clock.install();
    await page.goto(episodeUrl(0));
    await expect(playerRoot(page)).toHaveAttribute("data-pre-roll", /showing|done/);
    await page.clock.fastForward(3_100);
    await expectEpisodePlaying(page);
    await expect(playerRoot(page)).toHaveAttribute("data-pre-roll", "done");
    expect(lookups).toBe(1);
  });

  test("a tag that is not VAST goes straight to the episode", async ({ page }) => {
    const beacons = collectBeacons(page);
    await page.route("**/ads/pre-roll", (route) => route.fulfill({ json: { documents: ["<html>not an ad</html>"] } }));
    await page.goto(episodeUrl(0));
    await expectEpisodePlaying(page);
    expect(beacons).toEqual([]);
  });

  test("an ad whose file fails reports VAST error 405 and the episode starts", async ({ page }) => {
    const beacons = collectBeacons(page);
    await page.route("**/ads/pre-roll", (route) => route.fulfill({ json: { documents: [inlineVast("/storage/video/no-such-ad.webm")] } }));
    await page.goto(episodeUrl(0));
    await expectEpisodePlaying(page);
    await expect.poll(() => beacons).toContainEqual({ event: "error", code: "405" });
    expect(eventsOf(beacons)).not.toContain("impression");
  });
});

test("an account whose flags say no ads gets no pre-roll and no ad slots", { tag: "@js-only" }, async ({ page }) => {
  test.setTimeout(90_000);
  await useOwnClientAddress(page);
  const account = await createSignedInAccount(page);
  // The embedded API's stand-in for what the account's status decides upstream: the signed-in account's own flags.
  await page.goto("/embedded/ads/flags");
  await expect(page.getByText(account.login, { exact: true })).toBeVisible();
  for (const label of ["Видеореклама", "Видеореклама перед каждой серией", "Рекламные блоки на страницах"]) {
    await page.getByLabel(label, { exact: true }).uncheck();
  }
  await page.getByRole("button", { name: "Сохранить" }).click();
  await expect(page.getByRole("status")).toHaveText("Флаги сохранены.");

  let askedForAnAd = false;
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/ads/pre-roll") askedForAnAd = true;
  });
  await page.goto(episodeUrl(0));
  await expectEpisodePlaying(page);
  await expect(playerRoot(page)).toHaveAttribute("data-pre-roll", "none");
  expect(askedForAnAd).toBe(false);
  await expect(page.locator("[data-ad-slot]")).toHaveCount(0);

  await page.goto(`/anime/releases/release/${release.alias}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.locator("[data-ad-slot]")).toHaveCount(0);
});
