// How every browser-driven check (end-to-end, budget, benchmarks) starts Debian's Chromium.
import { CHROMIUM_ARGS, CHROMIUM_PATH, HEADLESS_SHELL_PATH, PERSON_USER_AGENT } from "../../scripts/lib/server.mjs";

export { CHROMIUM_PATH, HEADLESS_SHELL_PATH, PERSON_USER_AGENT };
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;

export const CRAWLER_USER_AGENT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/**
 * The tests drive Debian's headless shell of Chromium (decision 0275); the bench's first-frame row passes the full
 * browser, which is what a person runs.
 */
export function chromiumLaunchOptions(executablePath: string = HEADLESS_SHELL_PATH) {
  return { executablePath, args: [...CHROMIUM_ARGS, "--autoplay-policy=no-user-gesture-required"] };
}

/**
 * Screenshots kept for people to look at (the layout specs'): taken when `E2E_SCREENSHOTS=1`. They assert nothing,
 * and at about a hundred full-page pictures per run they were the largest single cost of the browser suite.
 */
export const KEEP_SCREENSHOTS = process.env.E2E_SCREENSHOTS === "1";
