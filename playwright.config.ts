import { defineConfig } from "@playwright/test";
import { chromiumLaunchOptions, E2E_BASE_URL, E2E_PORT } from "./tests/support/browser";

// Offsets far from the other runs' ports (each parallel run has its own E2E_PORT, a few apart).
const HTTP_UPSTREAM_PORT = E2E_PORT + 1000;
const HTTP_UPSTREAM_BASE_URL = `http://localhost:${HTTP_UPSTREAM_PORT}`;

const SERVICE_WORKER_SPECS = /pwa\.spec\.ts$/;

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
    {
      name: "js",
      testIgnore: SERVICE_WORKER_SPECS,
      use: { javaScriptEnabled: true, userAgent: PERSON_USER_AGENT },
      grepInvert: /@no-js-only|@crawler-only/,
    },
    {
      name: "no-js",
      testIgnore: SERVICE_WORKER_SPECS,
      use: { javaScriptEnabled: false, userAgent: PERSON_USER_AGENT },
      grepInvert: /@js-only|@crawler-only/,
    },
    {
      name: "crawler",
      testIgnore: SERVICE_WORKER_SPECS,
      use: { javaScriptEnabled: true, userAgent: CRAWLER_USER_AGENT },
      grepInvert: /@js-only|@no-js-only|@no-crawler/,
    },
    // The worker-update test briefly rewrites the built sw.js, so these run alone, after everything else, and one
    // file at a time: a worker updated mid-journey reloads the saved-episodes pages of the other file (decision 0200).
    {
      name: "service-worker",
      testMatch: SERVICE_WORKER_SPECS,
      dependencies: ["js", "no-js", "crawler", "http-upstream"],
      fullyParallel: false,
      workers: 1,
      use: { javaScriptEnabled: true, userAgent: PERSON_USER_AGENT },
    },
    // The same browsing pages with UPSTREAM_URL set: the API client over HTTP instead of in-process.
    {
      name: "http-upstream",
      testMatch: /(shell|home|catalog|sections|release-page)\.spec\.ts$/,
      use: { javaScriptEnabled: true, userAgent: PERSON_USER_AGENT, baseURL: HTTP_UPSTREAM_BASE_URL },
      grepInvert: /@no-js-only|@crawler-only|@in-process-only/,
    },
  ],
  webServer: [
    {
      command: "node scripts/e2e-server.mjs",
      url: `${E2E_BASE_URL}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
      env: { PORT: String(E2E_PORT) },
    },
    {
      command: "node scripts/e2e-server.mjs",
      url: `${HTTP_UPSTREAM_BASE_URL}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
      env: { PORT: String(HTTP_UPSTREAM_PORT), E2E_UPSTREAM: "http" },
    },
  ],
});
