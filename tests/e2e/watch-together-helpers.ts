// What the watch-together specs share: a member's own browser context, starting and joining a room, the player's keys
// and its playhead.
import { expect, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { waitForHydration } from "./hydration";
import { withoutPreRoll } from "./player-helpers";

export type Member = { context: BrowserContext; page: Page };

/**
 * `viewport`: the member's screen; `preRoll`: the visitor's pre-roll plays (by default it has been seen); `settings`: the member's own player settings (by default auto-next off, the rest as
 * the player has them).
 */
export async function member(
  browser: Browser,
  baseURL: string | undefined,
  {
    viewport = { width: 1280, height: 720 },
    settings = {},
    preRoll = false,
  }: { viewport?: { width: number; height: number }; settings?: Record<string, unknown>; preRoll?: boolean } = {},
): Promise<Member> {
  // An address of its own per member: the room limits count per client.
  const address = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
  const context = await browser.newContext({
    baseURL,
    viewport,
    serviceWorkers: "block",
    extraHTTPHeaders: { "X-Forwarded-For": address },
  });
  if (!preRoll) await withoutPreRoll(context);
  // The journey's steps stay clear of the episode's end; the next episode comes by a key press, not by the countdown.
  await context.addInitScript((stored) => window.localStorage.setItem("player:settings:v1", JSON.stringify(stored)), {
    autoNext: false,
    ...settings,
  });
  return { context, page: await context.newPage() };
}

/** Starts a room from the player on `episodePath`, its episode paused first; answers the invitation's address. */
export async function startRoom(page: Page, episodePath: string, name: string): Promise<string> {
  await page.goto(episodePath);
  // The episode starts on its own (before hydration, decision 0235); the host pauses it once the player has it.
  await waitForHydration(page);
  await expect.poll(async () => !(await playhead(page)).paused, { timeout: 30_000, message: "the episode starts" }).toBe(true);
  await press(page, "KeyK");
  await press(page, "Digit0");
  await expectPaused(page, true);
  await page.getByRole("button", { name: "Смотреть вместе" }).click();
  await page.getByLabel("Ваше имя в комнате").fill(name);
  await page.getByRole("button", { name: "Создать комнату" }).click();
  await expect(page).toHaveURL(/[?&]room=[A-Za-z0-9_-]{22}/);
  const link = page.getByLabel("Ссылка для друзей");
  await expect(link).toHaveValue(/\/watch-together\/[A-Za-z0-9_-]{22}$/);
  await expect(page.locator("[data-room-members]")).toContainText(name);
  return link.inputValue();
}

export async function joinRoom(page: Page, invitation: string, name: string): Promise<void> {
  await page.goto(invitation);
  await page.getByLabel("Ваше имя в комнате").fill(name);
  await page.getByRole("button", { name: "Войти в комнату" }).click();
  await expect(page).toHaveURL(/\/anime\/video\/episode\/.+[?&]room=/);
  await expect(page.locator("[data-room-members]")).toContainText(name);
}

/** A key press on the player, as a member makes it (the player's shortcuts; focus off the chat's field). */
export async function press(page: Page, key: string): Promise<void> {
  await page.getByRole("heading", { level: 1 }).click();
  await page.keyboard.press(key);
}

export type Playhead = { time: number; at: number; rate: number; paused: boolean; duration: number };

export async function playhead(page: Page): Promise<Playhead> {
  return page.locator("video[data-episode-video]").evaluate((video: HTMLVideoElement) => ({
    time: video.currentTime,
    at: Date.now(),
    rate: video.playbackRate,
    paused: video.paused,
    duration: video.duration,
  }));
}

export async function expectPaused(page: Page, paused: boolean): Promise<void> {
  await expect.poll(async () => (await playhead(page)).paused, { timeout: 10_000 }).toBe(paused);
}

/** What a member's episode <video> did while playing: its lowest and highest rate, and the whole seconds it played. */
export type PlaybackRecord = { low: number; high: number; seconds: number[] };

/** Starts recording the page's episode <video> while it plays (every 20 ms, and at each change of rate). */
export async function recordPlayback(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen = { low: Infinity, high: -Infinity, seconds: [] as number[] };
    (window as { watchTogetherPlayback?: typeof seen }).watchTogetherPlayback = seen;
    const note = () => {
      const video = document.querySelector<HTMLVideoElement>("video[data-episode-video]");
      if (!video || video.paused || video.seeking) return;
      seen.low = Math.min(seen.low, video.playbackRate);
      seen.high = Math.max(seen.high, video.playbackRate);
      const second = Math.floor(video.currentTime);
      if (!seen.seconds.includes(second)) seen.seconds.push(second);
    };
    setInterval(note, 20);
    document.addEventListener("ratechange", note, true);
  });
}

export async function recordedPlayback(page: Page): Promise<PlaybackRecord> {
  return page.evaluate(() => (window as unknown as { watchTogetherPlayback: PlaybackRecord }).watchTogetherPlayback);
}
