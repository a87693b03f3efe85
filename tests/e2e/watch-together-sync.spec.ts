// «Смотреть вместе» (decision 0262): browsers in one room stay within 0.5 s of each other through play,
// pause, seeks (paused and playing), a speed change and a late joiner, and chat; on one process (the suite's server)
// also a member who buffers, an episode change, the host keeping control and the room's layout; the same journey on
// the production cluster and on two processes sharing a real Redis, one member on each. Each step prints its drift.
// The drift is a property of the product on this machine, not of a machine shared with other browsers: this file
// runs in its own project, one test at a time, after the others (playwright.config.ts).
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { startServer } from "../../scripts/lib/server.mjs";
import { KEEP_SCREENSHOTS } from "../support/browser";
import { collectLayoutViolations } from "../support/layout";
import { freePort, REDIS_SERVER, startRedis } from "../support/real-servers";
import { findPlayableRelease, type DemoRelease } from "./player-helpers";
import { expectPaused, joinRoom, member, playhead, press, recordedPlayback, recordPlayback, startRoom } from "./watch-together-helpers";

/** The bound for members of one room. */
const DRIFT_BOUND_SECONDS = 0.5;
/** The demo stream's segments (embedded-api/media/video/demo/<height>/segment-NNN.ts), whatever the host. */
const DEMO_SEGMENT = /\/storage\/video\/demo\/\d+\/segment-\d+\.ts(?:\?|$)/;

let release: DemoRelease;

test.beforeAll(async ({ request }) => {
  release = await findPlayableRelease(request);
});

const episodePathOf = (index: number) => `/anime/video/episode/${release.episodes[index]!.id}`;

/** The largest distance between the members' playheads, each carried to one instant (one machine, one clock). */
async function driftOf(pages: Page[]): Promise<number> {
  const heads = await Promise.all(pages.map(playhead));
  const instant = Math.max(...heads.map((head) => head.at));
  const places = heads.map((head) => head.time + (head.paused ? 0 : ((instant - head.at) * head.rate) / 1000));
  return Math.max(...places) - Math.min(...places);
}

/**
 * Waits until the members are within the bound (a seek or a start settles), then samples for two seconds (at least
 * four samples): every sample must be within it. Prints the largest drift seen and answers it.
 */
async function measuredDrift(pages: Page[], what: string): Promise<number> {
  const started = Date.now();
  await expect
    .poll(() => driftOf(pages), { timeout: 15_000, message: `${what}: members within ${DRIFT_BOUND_SECONDS} s` })
    .toBeLessThan(DRIFT_BOUND_SECONDS);
  const settledAfter = Date.now() - started;
  let largest = 0;
  let samples = 0;
  for (const until = Date.now() + 2_000; samples < 4 || Date.now() < until; samples += 1) {
    largest = Math.max(largest, await driftOf(pages));
    await pages[0]!.waitForTimeout(200);
  }
  console.log(
    `watch-together drift, ${what}: ${largest.toFixed(3)} s over ${samples} samples (within the bound after ${(settledAfter / 1000).toFixed(1)} s)`,
  );
  expect(largest, `${what}: members stay within ${DRIFT_BOUND_SECONDS} s`).toBeLessThan(DRIFT_BOUND_SECONDS);
  return largest;
}

/** Until the page's playhead is within the bound of `seconds` (a seek landed there). */
async function expectNear(page: Page, seconds: number, what: string): Promise<void> {
  await expect
    .poll(async () => Math.abs((await playhead(page)).time - seconds), { timeout: 10_000, message: what })
    .toBeLessThan(DRIFT_BOUND_SECONDS);
}

/**
 * What every transport goes through: play, pause, a seek while paused (the seeking member lands, the other follows),
 * a seek while playing, a speed change, and chat. The demo stream is 24 s long: the room goes back to the start
 * before each step that plays for a while, so that no step runs into the episode's end on a slow machine.
 */
async function sharedJourney(host: Page, guest: Page, setting: string): Promise<void> {
  await expectPaused(host, true);
  await press(host, "KeyK");
  await expectPaused(guest, false);
  await measuredDrift([host, guest], `${setting}, playing`);

  await press(guest, "KeyK");
  await expectPaused(host, true);
  await measuredDrift([host, guest], `${setting}, paused`);

  // Digit7: seven tenths in. The member who seeks lands there and so does the other.
  const duration = (await playhead(guest)).duration;
  await press(guest, "Digit7");
  await expectNear(guest, duration * 0.7, `${setting}: the member who seeks lands on the target`);
  await expectNear(host, duration * 0.7, `${setting}: the other member follows the seek`);
  await measuredDrift([host, guest], `${setting}, after a seek while paused`);

  await press(host, "KeyK");
  await expectPaused(guest, false);
  // A seek while the room plays, back to the start.
  await backToStart(guest, host);
  await measuredDrift([host, guest], `${setting}, after a seek while playing`);

  // A speed change reaches the other member, who shows the room's speed; then back to normal.
  await backToStart(host, guest);
  await press(host, "Shift+Period");
  await expect(guest.locator("[data-room-rate]")).toContainText("1,25×");
  await measuredDrift([host, guest], `${setting}, after a speed change`);
  // A member's own volume is theirs: muting does not put the player back to its remembered speed, nor the room.
  await press(guest, "KeyM");
  await expect.poll(async () => guest.locator("video[data-episode-video]").evaluate((video: HTMLVideoElement) => video.muted)).toBe(true);
  await measuredDrift([host, guest], `${setting}, after a member mutes`);
  await expect(host.locator("[data-room-rate]")).toContainText("1,25×");
  await press(host, "Shift+Comma");
  await expect(guest.locator("[data-room-rate]")).toHaveCount(0);

  await guest.getByLabel("Сообщение").fill("Привет! Смотрим?");
  await guest.getByRole("button", { name: "Отправить" }).click();
  await expect(host.locator("[data-room-chat]")).toContainText("Боря: Привет! Смотрим?");
  await backToStart(host, guest);
}

/** `who` seeks the playing room back to the start (Digit0); `other` follows. */
async function backToStart(who: Page, other: Page): Promise<void> {
  await press(who, "Digit0");
  await expect
    .poll(async () => (await playhead(other)).time, { timeout: 10_000, message: "the other member follows a seek to the start" })
    .toBeLessThan(3);
}

/** Holds the demo stream's segments for one browser context until the returned function is called. */
async function holdSegments(context: BrowserContext): Promise<() => Promise<void>> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let seen = 0;
  await context.route(DEMO_SEGMENT, async (route) => {
    seen += 1;
    await held;
    await route.continue().catch(() => undefined);
  });
  return async () => {
    expect(seen, "the member's player asked for the demo segments").toBeGreaterThan(0);
    release();
    await context.unrouteAll({ behavior: "ignoreErrors" });
  };
}

test.describe("watch together", { tag: "@js-only" }, () => {
  test.describe.configure({ timeout: 150_000 });

  test("one process: the journey, a late joiner who buffers, an episode change, only the host, the layout", async ({
    browser,
    baseURL,
  }) => {
    const first = await member(browser, baseURL);
    const second = await member(browser, baseURL);
    const third = await member(browser, baseURL);
    const [host, guest, late] = [first.page, second.page, third.page];
    const invitation = await startRoom(host, episodePathOf(0), "Аня");
    await joinRoom(guest, invitation, "Боря");
    await expect(host.locator("[data-room-members]")).toContainText("Боря");

    await sharedJourney(host, guest, "one process");

    // A late joiner whose stream does not arrive: the room waits for them (its clock stands, the others pause),
    // then everyone goes on together from the joiner's place in the room.
    await expectPaused(host, false);
    const releaseSegments = await holdSegments(third.context);
    await joinRoom(late, invitation, "Вика");
    await expect(host.locator("[data-room-members]")).toContainText("Вика · загружает");
    await expectPaused(host, true);
    await expectPaused(guest, true);
    const standing = (await playhead(host)).time;
    await releaseSegments();
    await expect(host.locator("[data-room-members]")).not.toContainText("загружает");
    await expectPaused(host, false);
    await expectPaused(late, false);
    expect((await playhead(late)).time, "the late joiner starts at the room's place").toBeGreaterThan(standing - DRIFT_BOUND_SECONDS);
    await measuredDrift([host, guest, late], "one process, a late joiner after buffering");

    // An episode change takes everyone along.
    await press(host, "Shift+KeyN");
    for (const page of [guest, late]) await expect(page).toHaveURL(new RegExp(`${release.episodes[1]!.id}.*room=`));
    await measuredDrift([host, guest, late], "one process, next episode");
    // Started by the room, not by a click: no start button over a playing episode.
    for (const page of [host, guest, late]) await expect(page.getByRole("button", { name: "Смотреть", exact: true })).toHaveCount(0);
    await third.context.close();

    // Only the host controls: a guest's pause is undone, and the guest is told why.
    await host.getByRole("button", { name: "Только я" }).click();
    await expect(guest.getByText("Управляет только ведущий").first()).toBeVisible();
    await press(guest, "KeyK");
    await expect(guest.getByRole("status").filter({ hasText: "Управляет только ведущий" })).toBeVisible();
    await expectPaused(guest, false);
    await expectPaused(host, false);

    // The room beside the player (members, the control toggle, the chat) at a phone's and a desktop's width.
    for (const [page, who] of [
      [host, "host"],
      [guest, "guest"],
    ] as const) {
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await expect(page.locator('[data-watch-together="room"]')).toBeVisible();
        if (KEEP_SCREENSHOTS) await page.screenshot({ path: test.info().outputPath(`room-${width}-${who}.png`), fullPage: true });
        // Read after two frames: right after a resize the controls were once still where the 1,280 px layout put them.
        expect(await collectLayoutViolations(page, { waitFrames: true }), `the room at ${width} px (${who})`).toEqual([]);
      }
    }
    await Promise.all([first.context.close(), second.context.close()]);
  });
});

test.describe("watch together: changes that act for everyone at once", { tag: "@js-only" }, () => {
  test.describe.configure({ timeout: 150_000 });

  test("a resume corrects within ±5 % of the room's rate; the opening's skip and the next episode take everyone", async ({
    browser,
    baseURL,
  }) => {
    // The host skips openings and goes on to the next episode by itself; the guest does neither.
    const first = await member(browser, baseURL, { settings: { autoNext: true, autoNextCountdown: 0, autoSkipOpening: true } });
    const second = await member(browser, baseURL);
    const [host, guest] = [first.page, second.page];
    try {
      const invitation = await startRoom(host, episodePathOf(0), "Аня");
      await joinRoom(guest, invitation, "Боря");
      await expectPaused(guest, true);
      await Promise.all([recordPlayback(host), recordPlayback(guest)]);

      // From the start: the host's auto-skip of the opening (2–8 s of the demo clip) skips it for the guest as well.
      await press(guest, "KeyK");
      await expectPaused(host, false);
      await expect
        .poll(async () => (await playhead(guest)).time, { timeout: 15_000, message: "the guest is taken past the opening" })
        .toBeGreaterThan(8);
      // Skipped, not played through: the guest never played the opening's middle.
      const played = (await recordedPlayback(guest)).seconds;
      expect(
        played.filter((second) => second >= 4 && second <= 6),
        "the opening's seconds the guest played",
      ).toEqual([]);
      await measuredDrift([host, guest], "after the opening's skip");

      // A pause and a resume: the members start together, no one catches up by speeding.
      await press(guest, "KeyK");
      await expectPaused(host, true);
      await press(host, "KeyK");
      await expectPaused(guest, false);
      await measuredDrift([host, guest], "after a resume");
      for (const [page, who] of [
        [host, "host"],
        [guest, "guest"],
      ] as const) {
        const rates = await recordedPlayback(page);
        expect(rates.low, `${who}'s lowest rate`).toBeGreaterThanOrEqual(0.95);
        expect(rates.high, `${who}'s highest rate`).toBeLessThanOrEqual(1.05);
      }

      // Near the end (eight tenths in): the host's player goes on to the next episode, and the guest's with it.
      await press(guest, "Digit8");
      for (const page of [host, guest]) {
        await expect(page).toHaveURL(new RegExp(`${release.episodes[1]!.id}.*room=`), { timeout: 30_000 });
      }
    } finally {
      await Promise.all([first.context.close(), second.context.close()]);
    }
  });
});

test.describe("watch together: a seek the moment the room starts", { tag: "@js-only" }, () => {
  test("is the room's: the host lands there, stays, and a member who joins after starts there", async ({ browser, baseURL }) => {
    const first = await member(browser, baseURL);
    const second = await member(browser, baseURL);
    const [host, guest] = [first.page, second.page];
    try {
      const invitation = await startRoom(host, episodePathOf(0), "Аня");
      // At once: the player's own seeks come just after a stream starts, and this one must not be taken for them.
      await press(host, "Digit5");
      const half = (await playhead(host)).duration / 2;
      await expectNear(host, half, "the host lands half-way in");
      await host.waitForTimeout(2_000);
      await expectNear(host, half, "the host stays there: the room has the seek");
      await joinRoom(guest, invitation, "Боря");
      await expectNear(guest, half, "a member who joins after starts where the room stands");
    } finally {
      await Promise.all([first.context.close(), second.context.close()]);
    }
  });
});

test.describe("watch together: a pause the moment after a seek", { tag: "@js-only" }, () => {
  test("pauses the room for everyone: the player the seek holds still does not start on its own", async ({ browser, baseURL }) => {
    const first = await member(browser, baseURL);
    const second = await member(browser, baseURL);
    const [host, guest] = [first.page, second.page];
    try {
      const invitation = await startRoom(host, episodePathOf(0), "Аня");
      await joinRoom(guest, invitation, "Боря");
      await press(host, "KeyK");
      await expectPaused(guest, false);
      // The host's seek holds their player still until it acts for everyone (0.4 s); the pause key comes inside that
      // hold, as the player stops for it: a key from the test's own process could land on either side.
      await host.evaluate(() => {
        const video = document.querySelector<HTMLVideoElement>("video[data-episode-video]")!;
        const pauseKey = () =>
          window.dispatchEvent(new KeyboardEvent("keydown", { code: "KeyK", key: "k", bubbles: true, cancelable: true }));
        video.addEventListener("pause", pauseKey, { once: true });
      });
      await press(host, "Digit5");
      await expectPaused(guest, true);
      await expectPaused(host, true);
      await measuredDrift([host, guest], "paused the moment after a seek");
    } finally {
      await Promise.all([first.context.close(), second.context.close()]);
    }
  });
});

test.describe("watch together: a visitor whose pre-roll plays first", { tag: "@js-only" }, () => {
  test.describe.configure({ timeout: 150_000 });

  /** Joins with the pre-roll showing, skips it when it may, and answers once the ad is gone. */
  async function joinThroughPreRoll(page: Page, invitation: string, name: string): Promise<void> {
    await joinRoom(page, invitation, name);
    const ad = page.getByRole("region", { name: "Реклама" });
    await expect(ad).toBeVisible({ timeout: 20_000 });
    await ad.getByRole("button", { name: "Пропустить рекламу" }).click({ timeout: 20_000 });
    await expect(ad).toHaveCount(0, { timeout: 20_000 });
  }

  test("ends it at the room's place: paused where the room stands, then playing with the room", async ({ browser, baseURL }) => {
    const first = await member(browser, baseURL);
    const second = await member(browser, baseURL, { preRoll: true });
    const third = await member(browser, baseURL, { preRoll: true });
    const [host, standing, playing] = [first.page, second.page, third.page];
    try {
      const invitation = await startRoom(host, episodePathOf(0), "Аня");
      // The room stands half-way in: the visitor's episode waits there, paused, when the ad ends.
      await press(host, "KeyK");
      await expectPaused(host, false);
      // «5» goes to half the episode's length, known once its metadata has come.
      await expect.poll(async () => (await playhead(host)).duration, { message: "the host's episode has a length" }).toBeGreaterThan(0);
      await press(host, "Digit5");
      await expect.poll(async () => (await playhead(host)).time, { message: "the host seeks half-way in" }).toBeGreaterThan(10);
      // A seek while the room plays acts a lead later, every member held till then (a key pressed meanwhile would
      // start the held player): the host pauses once the room plays on from there.
      const sought = (await playhead(host)).time;
      await expect
        .poll(async () => (await playhead(host)).time, { message: "the room plays on from the seek" })
        .toBeGreaterThan(sought + 0.5);
      await press(host, "KeyK");
      await expectPaused(host, true);
      const place = (await playhead(host)).time;
      await joinThroughPreRoll(standing, invitation, "Боря");
      await expectNear(standing, place, "after the pre-roll, the visitor is where the room stands");
      await expectPaused(standing, true);
      // It stays there: nothing of the episode plays for this member alone.
      await standing.waitForTimeout(1_500);
      await expectPaused(standing, true);
      await expectNear(standing, place, "the visitor stays where the room stands");

      // The room plays from the start while another visitor's ad runs: that visitor's episode starts where the room
      // has got to by the ad's end, playing, and stays with the others.
      await press(host, "Digit0");
      await press(host, "KeyK");
      await expectPaused(standing, false);
      await joinThroughPreRoll(playing, invitation, "Вика");
      await expectPaused(playing, false);
      await measuredDrift([host, standing, playing], "a visitor whose pre-roll played first");
    } finally {
      await Promise.all([first.context.close(), second.context.close(), third.context.close()]);
    }
  });
});

/** The journey with the host on `hostBase` and the guest on `guestBase`, then a late joiner on the guest's side. */
async function journeyAcross(browser: Browser, hostBase: string, guestBase: string, setting: string): Promise<void> {
  const host = await member(browser, hostBase);
  const guest = await member(browser, guestBase);
  const late = await member(browser, guestBase);
  try {
    // The invitation names the host's server; the guests open the same room on theirs.
    const invitation = `${guestBase}${new URL(await startRoom(host.page, episodePathOf(0), "Аня")).pathname}`;
    await joinRoom(guest.page, invitation, "Боря");
    await expect(host.page.locator("[data-room-members]")).toContainText("Боря");
    await sharedJourney(host.page, guest.page, setting);
    await joinRoom(late.page, invitation, "Вика");
    await expectPaused(late.page, false);
    await measuredDrift([host.page, guest.page, late.page], `${setting}, a late joiner`);
  } finally {
    await Promise.all([host.context.close(), guest.context.close(), late.context.close()]);
  }
}

test.describe("watch together across processes", { tag: "@js-only" }, () => {
  test.describe.configure({ timeout: 180_000 });

  test("on the production cluster: members served by different workers", async ({ browser }) => {
    const app = await startServer({ port: await freePort(), cluster: true, env: { WEB_CONCURRENCY: "2", TRUST_PROXY: "true" } });
    try {
      await journeyAcross(browser, app.baseUrl, app.baseUrl, "cluster of two workers");
    } finally {
      await app.stop();
    }
  });

  test("on two processes sharing a real Redis, one member on each", async ({ browser }) => {
    test.skip(!REDIS_SERVER, "redis-server is not installed");
    const redis = await startRedis(await freePort());
    const env = { REDIS_URL: redis.url, TRUST_PROXY: "true" };
    try {
      const [one, two] = await Promise.all([startServer({ port: await freePort(), env }), startServer({ port: await freePort(), env })]);
      try {
        await journeyAcross(browser, one.baseUrl, two.baseUrl, "two processes and Redis");
      } finally {
        await Promise.all([one.stop(), two.stop()]);
      }
    } finally {
      await redis.stop();
    }
  });
});
