// Benchmark: the bytes over the wire of the home page's first visit (cold cache, fresh context) in low-data mode
// (`Save-Data: on`, decision 0288), in headless Chromium: every request's encoded length (headers and compressed body),
// from navigation until the network has been quiet for a second after load, on a phone (390 px at 3× pixels). The
// ordinary visit is printed beside it.
// Run after `npm run build`: npx tsx scripts/bench/low-data-home.ts — the last stdout line is the JSON result.
import { chromium, type Browser } from "@playwright/test";
import { chromiumLaunchOptions, CHROMIUM_PATH } from "../../tests/support/browser";
import { startBuiltSite, type BenchRow } from "./bench-helpers";

const PORT = Number(process.env.BENCH_LOW_DATA_PORT ?? 4188);
const BASE_URL = `http://127.0.0.1:${PORT}`;
const TARGET_BYTES = 300 * 1024;
const QUIET_MS = 1_000;

/** Bytes the first visit of `path` transfers, `headers` sent with every request. */
async function firstVisitBytes(
  browser: Browser,
  path: string,
  headers: Record<string, string>,
): Promise<{ bytes: number; requests: number }> {
  const context = await browser.newContext({
    extraHTTPHeaders: headers,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    userAgent: "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36",
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    let bytes = 0;
    let requests = 0;
    let lastActivity = Date.now();
    cdp.on("Network.requestWillBeSent", () => (lastActivity = Date.now()));
    cdp.on("Network.loadingFinished", (event) => {
      bytes += event.encodedDataLength;
      requests += 1;
      lastActivity = Date.now();
    });
    await page.goto(`${BASE_URL}${path}`, { waitUntil: "load" });
    while (Date.now() - lastActivity < QUIET_MS) await page.waitForTimeout(100);
    return { bytes, requests };
  } finally {
    await context.close();
  }
}

const site = await startBuiltSite(PORT);
const rows: BenchRow[] = [];
try {
  const browser = await chromium.launch(chromiumLaunchOptions(CHROMIUM_PATH));
  try {
    // One visit first: the server's own first-request costs (the location lookup, caches) are not the page's.
    await firstVisitBytes(browser, "/", {});
    const ordinary = await firstVisitBytes(browser, "/", {});
    const light = await firstVisitBytes(browser, "/", { "Save-Data": "on" });
    console.log(
      `home page, first visit: ${ordinary.bytes} B in ${ordinary.requests} requests; with Save-Data: ${light.bytes} B in ${light.requests}`,
    );
    rows.push({
      benchmark: "home page first visit, low-data mode (Save-Data)",
      metric: "bytes over the wire",
      value: Math.round(light.bytes / 1024),
      unit: "KB",
      target: `<= ${TARGET_BYTES / 1024}`,
      pass: light.bytes <= TARGET_BYTES,
    });
  } finally {
    await browser.close();
  }
} finally {
  site.stop();
}
console.log(JSON.stringify({ rows }));
