// Benchmark: time from navigation start to the first decoded video frame on the episode page, in headless
// Chromium under "fast 4G" and "slow 4G" network emulation, each page a first visit (fresh context), with seek
// previews on: an episode with a thumbnail track, and one whose previews the browser builds (the long-running show's,
// served without a track); and how soon a hover shows its frame once the sheet is loaded.
// Run after `npm run build`: npx tsx scripts/bench/player-first-frame.ts — the last stdout line is the JSON result.
import { cpus, loadavg } from "node:os";
import { chromium, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { isHydrated } from "../../tests/e2e/hydration";
import { chromiumLaunchOptions, CHROMIUM_PATH } from "../../tests/support/browser";
import { findHlsEpisode, percentile, startBuiltSite, type BenchRow } from "./bench-helpers";

const PORT = Number(process.env.BENCH_PLAYER_PORT ?? 4187);
const BASE_URL = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.BENCH_PLAYER_RUNS ?? 7);

type NetworkProfile = { name: string; downloadKbps: number; uploadKbps: number; latencyMs: number; targetMs: number };

/** The two profiles (upload figures follow Lighthouse's mobile presets). */
const PROFILES: NetworkProfile[] = [
  { name: "fast 4G", downloadKbps: 9_000, uploadKbps: 3_000, latencyMs: 40, targetMs: 800 },
  { name: "slow 4G", downloadKbps: 1_600, uploadKbps: 750, latencyMs: 150, targetMs: 1_800 },
];

/** Records the first presented frame's time (ms since navigation start) of the page's <video>. */
const FIRST_FRAME_PROBE = `
  window.__firstFrame = null;
  new MutationObserver(function (changes, observer) {
    var video = document.querySelector("video");
    if (!video) return;
    observer.disconnect();
    video.requestVideoFrameCallback(function (now, metadata) {
      if (window.__firstFrame === null) window.__firstFrame = metadata.presentationTime || now;
    });
  }).observe(document, { childList: true, subtree: true });
`;

/**
 * The preview's latency: from the pointer's move over the seek bar to the frame on screen (the next animation frame).
 * The tab has had its pre-roll (decision 0150): the episode plays at once.
 */
const HOVER_PROBE = `
  sessionStorage.setItem("ads:pre-roll-played", "1");
  window.__hover = { movedAt: null, shownAt: null };
  document.addEventListener("pointermove", function (event) {
    var probe = window.__hover;
    if (probe.movedAt === null && event.target instanceof HTMLInputElement && event.target.type === "range") probe.movedAt = event.timeStamp;
  }, true);
  new MutationObserver(function () {
    var probe = window.__hover;
    if (probe.movedAt === null || probe.shownAt !== null || !document.querySelector('[data-seek-preview="frame"]')) return;
    probe.shownAt = -1;
    requestAnimationFrame(function () { probe.shownAt = performance.now(); });
  }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ["data-seek-preview"] });
`;

/**
 * The browser's data-saver signal (Chromium has no switch for it in a headless run), and the moment of the first
 * click: low-data mode holds the stream until play is pressed (decision 0288), so its first frame counts from there,
 * with the tab's pre-roll already played (decision 0150), as the hover's runs have it.
 */
const DATA_SAVER = `
  sessionStorage.setItem("ads:pre-roll-played", "1");
  Object.defineProperty(Navigator.prototype, "connection", { get: function () { return { saveData: true }; } });
  window.__pressedAt = null;
  document.addEventListener("click", function (event) { if (window.__pressedAt === null) window.__pressedAt = event.timeStamp; }, true);
`;

/** A hover's preview in under this many milliseconds reads as immediate (the line). */
const HOVER_TARGET_MS = 100;

/** A first visit; one that saves data sends Save-Data as well, as Chromium does whenever its flag is set. */
function newVisit(browser: Browser, savesData = false): Promise<BrowserContext> {
  return browser.newContext({
    userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36",
    viewport: { width: 1440, height: 900 },
    ...(savesData ? { extraHTTPHeaders: { "Save-Data": "on" } } : {}),
  });
}

/** Polled through evaluate, not waitForFunction: the page's CSP forbids the string evaluation that uses. */
async function pollPage<T>(read: () => Promise<T | null>, what: string): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`No ${what} within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Milliseconds from a hover over the seek bar to its frame on screen, the track's sheet already loaded by a first hover. */
async function hoverLatencies(browser: Browser, url: string, runs: number): Promise<number[]> {
  const context = await newVisit(browser);
  try {
    await context.addInitScript(HOVER_PROBE);
    const page = await context.newPage();
    await page.goto(url);
    await pollPage(
      async () => ((await page.locator("video").evaluate((video: HTMLVideoElement) => video.currentTime)) > 0.5 ? true : null),
      "playback",
    );
    const bar = (await page.getByRole("slider", { name: "Позиция воспроизведения" }).boundingBox())!;
    const samples: number[] = [];
    for (let run = 0; run <= runs; run++) {
      await page.mouse.move(bar.x + bar.width / 2, bar.y - 200);
      await page.locator("[data-seek-preview]").waitFor({ state: "detached" });
      await page.evaluate(() => Object.assign((window as unknown as { __hover: object }).__hover, { movedAt: null, shownAt: null }));
      await page.mouse.move(bar.x + bar.width * (0.2 + 0.6 * (run / runs)), bar.y + bar.height / 2);
      const latency = await pollPage(
        () =>
          page.evaluate(() => {
            const probe = (window as unknown as { __hover: { movedAt: number | null; shownAt: number | null } }).__hover;
            return probe.movedAt !== null && probe.shownAt !== null && probe.shownAt > 0 ? probe.shownAt - probe.movedAt : null;
          }),
        "preview frame",
      );
      // The first hover fetches the preview's code, the track and the sheet: the runs after it are on a loaded sheet.
      if (run > 0) samples.push(Math.round(latency));
    }
    return samples;
  } finally {
    await context.close();
  }
}

/** Presses play once the page has hydrated and shows its button (low-data mode waits for it). */
async function pressPlay(page: Page): Promise<void> {
  await pollPage(async () => ((await isHydrated(page)) ? true : null), "hydration");
  await page.getByRole("button", { name: "Смотреть", exact: true }).first().click();
}

/**
 * Milliseconds from navigation start to the first presented frame, on a cold first visit; under the data saver, from
 * the press of play to that frame.
 */
async function firstFrame(browser: Browser, url: string, profile: NetworkProfile, savesData = false): Promise<number> {
  const context = await newVisit(browser, savesData);
  try {
    // A string, not a function: the TypeScript runner's helpers do not exist inside the page.
    await context.addInitScript(FIRST_FRAME_PROBE);
    if (savesData) await context.addInitScript(DATA_SAVER);
    const page = await context.newPage();
    page.on("pageerror", (error) => console.error(`page error: ${error.message}`));
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: profile.latencyMs,
      downloadThroughput: (profile.downloadKbps * 1000) / 8,
      uploadThroughput: (profile.uploadKbps * 1000) / 8,
    });
    await page.goto(url, { waitUntil: "commit" });
    if (savesData) await pressPlay(page);
    const frame = await pollPage(
      () => page.evaluate(() => (window as unknown as { __firstFrame: number | null }).__firstFrame),
      `video frame on ${url} (${profile.name})`,
    );
    const pressedAt = savesData ? await page.evaluate(() => (window as unknown as { __pressedAt: number }).__pressedAt) : 0;
    return Math.round(frame - pressedAt);
  } finally {
    await context.close();
  }
}

const site = await startBuiltSite(PORT);
const rows: BenchRow[] = [];
try {
  const withoutTrack = `${BASE_URL}/anime/video/episode/${await findHlsEpisode(BASE_URL, { withPreviewTrack: false })}`;
  // The episode without a track is the long-running show's, whose page is heavier: the same page under the data
  // saver, which builds nothing, is its baseline.
  const episodes = [
    {
      previews: "",
      url: `${BASE_URL}/anime/video/episode/${await findHlsEpisode(BASE_URL, { withPreviewTrack: true })}`,
      savesData: false,
    },
    { previews: ", previews built in the browser", url: withoutTrack, savesData: false },
    { previews: ", low-data mode building none, from the press of play (pre-roll seen)", url: withoutTrack, savesData: true },
  ];
  // CPU is not throttled: a busy machine shows in the figures, so say how busy it was.
  console.log(
    `measuring ${episodes.map(({ url }) => url).join(" and ")} (load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores)`,
  );
  const browser = await chromium.launch(chromiumLaunchOptions(CHROMIUM_PATH));
  try {
    for (const { previews, url, savesData } of episodes) {
      // One unthrottled visit first: the server's own first-request costs are not the network's.
      const warmUp = { name: "warm-up", downloadKbps: 1_000_000, uploadKbps: 1_000_000, latencyMs: 0, targetMs: 0 };
      await firstFrame(browser, url, warmUp, savesData);
      for (const profile of PROFILES) {
        const samples: number[] = [];
        for (let run = 0; run < RUNS; run++) samples.push(await firstFrame(browser, url, profile, savesData));
        const p50 = percentile(samples, 0.5);
        console.log(
          `${profile.name}${previews}: first frame after ${samples.join(", ")} ms (p50 ${p50} ms, p90 ${percentile(samples, 0.9)} ms)`,
        );
        rows.push({
          benchmark: `player time to first frame, ${profile.name}${previews}`,
          metric: "p50",
          value: p50,
          unit: "ms",
          target: `<= ${profile.targetMs}`,
          pass: p50 <= profile.targetMs,
        });
      }
    }
    const hovers = await hoverLatencies(browser, episodes[0]!.url, RUNS);
    const hoverP90 = percentile(hovers, 0.9);
    console.log(
      `seek preview after a hover on a loaded sheet: ${hovers.join(", ")} ms (p50 ${percentile(hovers, 0.5)} ms, p90 ${hoverP90} ms)`,
    );
    rows.push({
      benchmark: "seek preview after a hover, sheet loaded",
      metric: "p90",
      value: hoverP90,
      unit: "ms",
      target: `<= ${HOVER_TARGET_MS}`,
      pass: hoverP90 <= HOVER_TARGET_MS,
    });
  } finally {
    await browser.close();
  }
} finally {
  site.stop();
}
console.log(JSON.stringify({ rows }));
