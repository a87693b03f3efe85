// Benchmark: time from navigation start to the first decoded video frame on the episode page, in headless
// Chromium under "fast 4G" and "slow 4G" network emulation, each page a first visit (fresh context).
// Run after `npm run build`: npx tsx scripts/bench/player-first-frame.ts — the last stdout line is the JSON result.
import { cpus, loadavg } from "node:os";
import { chromium, type Browser } from "@playwright/test";
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

/** Milliseconds from navigation start to the first presented frame, on a cold first visit. */
async function firstFrame(browser: Browser, url: string, profile: NetworkProfile): Promise<number> {
  const context = await browser.newContext({
    userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36",
  });
  try {
    // A string, not a function: the TypeScript runner's helpers do not exist inside the page.
    await context.addInitScript(FIRST_FRAME_PROBE);
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
    // Polled through evaluate, not waitForFunction: the page's CSP forbids the string evaluation that uses.
    const deadline = Date.now() + 30_000;
    let frame: number | null = null;
    while (frame === null) {
      frame = await page.evaluate(() => (window as unknown as { __firstFrame: number | null }).__firstFrame);
      if (frame !== null) break;
      if (Date.now() > deadline) throw new Error(`No video frame within 30 s on ${url} (${profile.name})`);
      await page.waitForTimeout(20);
    }
    return Math.round(frame);
  } finally {
    await context.close();
  }
}

const site = await startBuiltSite(PORT);
const rows: BenchRow[] = [];
try {
  const episodeId = await findHlsEpisode(BASE_URL);
  const url = `${BASE_URL}/anime/video/episode/${episodeId}`;
  // CPU is not throttled: a busy machine shows in the figures, so say how busy it was.
  console.log(`measuring ${url} (load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores)`);
  const browser = await chromium.launch(chromiumLaunchOptions(CHROMIUM_PATH));
  try {
    // One unthrottled visit first: the server's own first-request costs are not the network's.
    await firstFrame(browser, url, { name: "warm-up", downloadKbps: 1_000_000, uploadKbps: 1_000_000, latencyMs: 0, targetMs: 0 });
    for (const profile of PROFILES) {
      const samples: number[] = [];
      for (let run = 0; run < RUNS; run++) samples.push(await firstFrame(browser, url, profile));
      const p50 = percentile(samples, 0.5);
      console.log(`${profile.name}: first frame after ${samples.join(", ")} ms (p50 ${p50} ms, p90 ${percentile(samples, 0.9)} ms)`);
      rows.push({
        benchmark: `player time to first frame, ${profile.name}`,
        metric: "p50",
        value: p50,
        unit: "ms",
        target: `<= ${profile.targetMs}`,
        pass: p50 <= profile.targetMs,
      });
    }
  } finally {
    await browser.close();
  }
} finally {
  site.stop();
}
console.log(JSON.stringify({ rows }));
