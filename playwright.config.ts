import { defineConfig } from "@playwright/test";
import { chromiumLaunchOptions, E2E_BASE_URL, E2E_PORT } from "./tests/support/browser";

// Headless Chromium announces itself as "HeadlessChrome", which bot detection rightly flags; people's browsers do not.
const PERSON_USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
const CRAWLER_USER_AGENT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

export default defineConfig({
  testDir: "tests/e2e",
  // One output folder per server port, so parallel runs never clean up each other's traces.
  outputDir: `test-results/e2e-${E2E_PORT}`,
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL: E2E_BASE_URL,
    launchOptions: chromiumLaunchOptions(),
    locale: "ru-RU",
    timezoneId: "Europe/Moscow",
    trace: "retain-on-failure",
  },
  projects: [
    { name: "js", use: { javaScriptEnabled: true, userAgent: PERSON_USER_AGENT }, grepInvert: /@no-js-only|@crawler-only/ },
    { name: "no-js", use: { javaScriptEnabled: false, userAgent: PERSON_USER_AGENT }, grepInvert: /@js-only|@crawler-only/ },
    { name: "crawler", use: { javaScriptEnabled: true, userAgent: CRAWLER_USER_AGENT }, grepInvert: /@js-only|@no-js-only|@no-crawler/ },
  ],
  webServer: {
    command: "node scripts/e2e-server.mjs",
    url: `${E2E_BASE_URL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: { PORT: String(E2E_PORT) },
  },
});
