// How every browser-driven check (end-to-end, budget, benchmarks) starts Debian's Chromium.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;

// Headless Chromium announces itself as "HeadlessChrome", which bot detection rightly flags; people's browsers do not.
export const PERSON_USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
export const CRAWLER_USER_AGENT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

export function chromiumLaunchOptions() {
  return {
    executablePath: CHROMIUM_PATH,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-dev-shm-usage",
      "--autoplay-policy=no-user-gesture-required",
    ],
  };
}

/**
 * Screenshots kept for people to look at (the layout specs'): taken when `E2E_SCREENSHOTS=1`. They assert nothing,
 * and at about a hundred full-page pictures per run they were the largest single cost of the browser suite.
 */
export const KEEP_SCREENSHOTS = process.env.E2E_SCREENSHOTS === "1";
