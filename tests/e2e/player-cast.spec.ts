// Casting (decision 0287): the browser's own objects are stood in for at their edge only — a RemotePlayback on every
// media element, or Safari's AirPlay members — and a fake device that plays what the element is given, as a real
// browser mirrors a remote device in the element. No real device is reached.
import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations } from "../support/axe";
import { collectLayoutViolations } from "../support/layout";
import { waitForHydration } from "./hydration";
import { currentTime, expectPlayingPast, findPlayableRelease, seekTo, video, withoutPreRoll, type DemoRelease } from "./player-helpers";

let release: DemoRelease;

test.beforeAll(async ({ request }) => {
  release = await findPlayableRelease(request);
});

test.beforeEach(({ context }) => withoutPreRoll(context));

const episodeId = () => release.episodes[0]!.id;
const episodeUrl = () => `/anime/video/episode/${episodeId()}`;

type DeviceOptions = { api: "remote-playback" | "airplay" | "none"; available: boolean };

/** What the test reads and does through the fake device. */
type FakeDevice = {
  available: boolean;
  prompts: number;
  /** The address the element was given while the device played, and the position it was to start from. */
  source: string | null;
  position: number;
  paused: boolean;
  connected: boolean;
  disconnect(): void;
};

/**
 * Runs before the page's scripts. While "connected", the element's position, readiness and play/pause are the
 * device's (as the browser reports a remote device's playback through the element), and its source is recorded.
 */
function installFakeDevice({ api, available }: DeviceOptions) {
  const device: FakeDevice = {
    available,
    prompts: 0,
    source: null,
    position: 0,
    paused: true,
    connected: false,
    disconnect: () => undefined,
  };
  (window as unknown as { castDevice: FakeDevice }).castDevice = device;
  const sourceSetter = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, "src")!.set!;
  const MIRRORED = ["currentTime", "readyState", "paused", "src", "play", "pause"] as const;

  /** From now the element reports the device, which has loaded nothing yet: the player hands it what to play. */
  function mirrorOnDevice(media: HTMLMediaElement) {
    device.position = 0;
    device.paused = true;
    device.connected = true;
    Object.defineProperties(media, {
      currentTime: {
        configurable: true,
        get: () => device.position,
        set: (value: number) => {
          device.position = value;
        },
      },
      readyState: { configurable: true, get: () => HTMLMediaElement.HAVE_ENOUGH_DATA },
      paused: { configurable: true, get: () => device.paused },
      src: {
        configurable: true,
        get: () => device.source ?? "",
        set: (value: string) => {
          device.source = new URL(value, document.baseURI).toString();
          sourceSetter.call(media, value);
        },
      },
      play: {
        configurable: true,
        value: () => {
          device.paused = false;
          media.dispatchEvent(new Event("play"));
          return Promise.resolve();
        },
      },
      pause: {
        configurable: true,
        value: () => {
          device.paused = true;
          media.dispatchEvent(new Event("pause"));
        },
      },
    });
    const clock = window.setInterval(() => media.dispatchEvent(new Event("timeupdate")), 250);
    return () => {
      window.clearInterval(clock);
      device.connected = false;
      for (const name of MIRRORED) delete (media as unknown as Record<string, unknown>)[name];
    };
  }

  if (api === "none") {
    Reflect.deleteProperty(HTMLMediaElement.prototype, "remote");
  } else if (api === "remote-playback") {
    class FakeRemotePlayback extends EventTarget {
      state: RemotePlaybackState = "disconnected";
      private readonly watchers = new Map<number, (available: boolean) => void>();
      private nextId = 1;
      constructor(private readonly media: HTMLMediaElement) {
        super();
      }
      watchAvailability(callback: (available: boolean) => void) {
        const id = this.nextId++;
        this.watchers.set(id, callback);
        window.setTimeout(() => callback(device.available), 0);
        return Promise.resolve(id);
      }
      cancelWatchAvailability(id?: number) {
        if (id === undefined) this.watchers.clear();
        else this.watchers.delete(id);
        return Promise.resolve();
      }
      prompt() {
        device.prompts += 1;
        if (!device.available) return Promise.reject(new DOMException("No device", "NotFoundError"));
        window.setTimeout(() => {
          this.state = "connecting";
          this.dispatchEvent(new Event("connecting"));
          window.setTimeout(() => {
            this.state = "connected";
            this.dispatchEvent(new Event("connect"));
            const stopMirroring = mirrorOnDevice(this.media);
            device.disconnect = () => {
              this.state = "disconnected";
              this.dispatchEvent(new Event("disconnect"));
              stopMirroring();
            };
          }, 50);
        }, 50);
        return Promise.resolve();
      }
    }
    const remotes = new WeakMap<HTMLMediaElement, FakeRemotePlayback>();
    Object.defineProperty(HTMLMediaElement.prototype, "remote", {
      configurable: true,
      get(this: HTMLMediaElement) {
        let remote = remotes.get(this);
        if (!remote) remotes.set(this, (remote = new FakeRemotePlayback(this)));
        return remote;
      },
    });
  } else {
    const wireless = new WeakSet<HTMLMediaElement>();
    Object.defineProperty(HTMLMediaElement.prototype, "webkitCurrentPlaybackTargetIsWireless", {
      configurable: true,
      get(this: HTMLMediaElement) {
        return wireless.has(this);
      },
    });
    Object.defineProperty(HTMLMediaElement.prototype, "webkitShowPlaybackTargetPicker", {
      configurable: true,
      value(this: HTMLMediaElement) {
        device.prompts += 1;
        if (!device.available) return;
        wireless.add(this);
        this.dispatchEvent(new Event("webkitcurrentplaybacktargetiswirelesschanged"));
        const stopMirroring = mirrorOnDevice(this);
        device.disconnect = () => {
          wireless.delete(this);
          this.dispatchEvent(new Event("webkitcurrentplaybacktargetiswirelesschanged"));
          stopMirroring();
        };
      },
    });
    // Safari reports the availability to a listener as it is added.
    const addEventListener = HTMLMediaElement.prototype.addEventListener;
    HTMLMediaElement.prototype.addEventListener = function (this: HTMLMediaElement, ...args: Parameters<typeof addEventListener>) {
      addEventListener.apply(this, args);
      if (args[0] !== "webkitplaybacktargetavailabilitychanged") return;
      window.setTimeout(() => {
        const event = Object.assign(new Event("webkitplaybacktargetavailabilitychanged"), {
          availability: device.available ? "available" : "not-available",
        });
        this.dispatchEvent(event);
      }, 0);
    } as typeof addEventListener;
  }
}

const castDevice = (page: Page) => page.evaluate(() => (window as unknown as { castDevice: FakeDevice }).castDevice);
const castButton = (page: Page) => page.getByRole("button", { name: "Трансляция на другое устройство" });

/** Everything the player's live region says, in order (a later message replaces an earlier one on the page). */
function recordAnnouncements() {
  const said: string[] = [];
  (window as unknown as { announced: string[] }).announced = said;
  new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.addedNodes)
        if (node.parentElement?.hasAttribute("data-player-live-region") && node.textContent) said.push(node.textContent);
  }).observe(document, { childList: true, subtree: true });
}
const announced = (page: Page) => page.evaluate(() => (window as unknown as { announced: string[] }).announced);

async function savedTime(page: Page, id: string): Promise<number | null> {
  return page.evaluate((episode) => {
    const stored = JSON.parse(window.localStorage.getItem("progress:v1") ?? "{}") as { timecodes?: Record<string, { time: number }> };
    return stored.timecodes?.[episode]?.time ?? null;
  }, id);
}

async function openPlayingEpisode(page: Page, device: DeviceOptions) {
  await page.addInitScript(installFakeDevice, device);
  await page.addInitScript(recordAnnouncements);
  await page.goto(episodeUrl());
  await waitForHydration(page);
  await expectPlayingPast(page, 0.5);
}

test.describe("casting", { tag: "@js-only" }, () => {
  test.describe.configure({ timeout: 90_000 });

  for (const api of ["remote-playback", "none"] as const) {
    test(`offers no button ${api === "none" ? "where the browser has no casting API" : "while no device is available"}`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await openPlayingEpisode(page, { api, available: false });
      await page.keyboard.press("KeyK");
      await expect(page.getByRole("button", { name: "Настройки плеера" })).toBeVisible();
      await expect(castButton(page)).toHaveCount(0);
      // Nor in the «Ещё» menu of a phone's player.
      await page.getByRole("button", { name: "Ещё", exact: true }).click();
      await expect(page.getByRole("button", { name: "Горячие клавиши" })).toBeVisible();
      await expect(castButton(page)).toHaveCount(0);
      expect((await castDevice(page)).prompts).toBe(0);
    });
  }

  test("hands the device the plain HLS address at the local position, keeps saving progress and resumes here at the device's position", async ({
    page,
  }) => {
    await openPlayingEpisode(page, { api: "remote-playback", available: true });
    await seekTo(page, 9);
    await expect.poll(() => currentTime(page)).toBeGreaterThan(9);
    const button = castButton(page);
    await expect(button).toBeVisible();
    await expect(button).toHaveAttribute("aria-pressed", "false");
    const localPosition = await currentTime(page);

    // By keyboard: the button is a control of the bar like the others.
    await button.focus();
    await page.keyboard.press("Enter");
    await expect(page.locator("[data-cast-notice]")).toHaveText("Воспроизводится на другом устройстве");
    expect(await announced(page)).toEqual(expect.arrayContaining(["Подключение к устройству…", "Воспроизводится на другом устройстве"]));
    await expect(button).toHaveAttribute("aria-pressed", "true");

    const handedOver = await castDevice(page);
    expect(handedOver.source).toBe(new URL(`${episodeUrl()}/master.m3u8`, page.url()).toString());
    // The device starts where the picture was (which played on for a moment between the reading and the press).
    expect(handedOver.position).toBeGreaterThanOrEqual(localPosition);
    expect(handedOver.position).toBeLessThan(localPosition + 2);
    expect(handedOver.paused).toBe(false);

    // The device plays on: its position is saved as the picture's would be.
    await page.evaluate(() => {
      (window as unknown as { castDevice: FakeDevice }).castDevice.position = 13.2;
    });
    await expect.poll(() => savedTime(page, episodeId()), { timeout: 15_000 }).toBe(13.2);

    await page.evaluate(() => {
      const device = (window as unknown as { castDevice: FakeDevice }).castDevice;
      device.position = 15.4;
      device.disconnect();
    });
    await expect.poll(() => announced(page)).toContain("Трансляция завершена, продолжаем здесь с 0:15");
    await expect(page.locator("[data-cast-notice]")).toHaveCount(0);
    // hls.js again, from the device's position: the first position the picture reports here is already there.
    await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await currentTime(page)).toBeGreaterThanOrEqual(15);
    await expectPlayingPast(page, 15.6);
    await expect(page.locator("[data-player-engine]")).toHaveAttribute("data-player-engine", "hls.js");
    await expect(video(page)).toHaveJSProperty("paused", false);
    await expect(button).toHaveAttribute("aria-pressed", "false");
  });

  test("says when the device is gone by the time the viewer asks, and drops the button", async ({ page }) => {
    await openPlayingEpisode(page, { api: "remote-playback", available: true });
    await expect(castButton(page)).toBeVisible();
    await page.evaluate(() => {
      (window as unknown as { castDevice: FakeDevice }).castDevice.available = false;
    });
    await castButton(page).click();
    await expect.poll(() => announced(page)).toContain("Устройство для трансляции не найдено");
    await expect(castButton(page)).toHaveCount(0);
  });

  test("opens Safari's AirPlay picker, names AirPlay while it plays and resumes here after", async ({ page }) => {
    await openPlayingEpisode(page, { api: "airplay", available: true });
    await seekTo(page, 6);
    await castButton(page).click();
    await expect(page.locator("[data-cast-notice]")).toHaveText("Воспроизводится на устройстве AirPlay");
    const handedOver = await castDevice(page);
    expect(handedOver.prompts).toBe(1);
    expect(handedOver.source).toMatch(/\/master\.m3u8$/);
    await page.evaluate(() => {
      const device = (window as unknown as { castDevice: FakeDevice }).castDevice;
      device.position = 14;
      device.disconnect();
    });
    await expect(page.locator("[data-cast-notice]")).toHaveCount(0);
    await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(0);
    expect(await currentTime(page)).toBeGreaterThanOrEqual(14);
  });

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    test(`keeps the bar whole and accessible with the cast button at ${viewport.width} px, and while a device plays`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await openPlayingEpisode(page, { api: "remote-playback", available: true });
      await page.keyboard.press("KeyK");
      const controls = page.locator("[data-player-controls]");
      await expect(castButton(page)).toBeInViewport({ ratio: 1 });
      const overflow = () => controls.evaluate((bar) => bar.scrollWidth - bar.clientWidth);
      expect(await overflow()).toBeLessThanOrEqual(0);
      expect(await collectLayoutViolations(page)).toEqual([]);

      await expectNoAxeViolations(page);

      await castButton(page).click();
      await expect(page.locator("[data-cast-notice]")).toBeInViewport({ ratio: 1 });
      await expect(castButton(page)).toBeInViewport({ ratio: 1 });
      expect(await overflow()).toBeLessThanOrEqual(0);
      expect(await collectLayoutViolations(page)).toEqual([]);
      await expectNoAxeViolations(page);
    });
  }
});
