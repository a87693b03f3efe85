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
  // One retry everywhere, not only where CI is set: a test that passes on its retry is listed as flaky in the
  // report (and must be fixed), but does not fail a landing. Known: the release page's #421 check (decision 0220).
  retries: 1,
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
    // A worker installing itself costs every fresh context a precache and a second process, and its offline-ready
    // toast fades in at a random moment under axe; only the service-worker project's specs are about it (decision 0220).
    serviceWorkers: "block",
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
    // What a search engine is given: the tests tagged @crawler (each public page's content, metadata and status) and
    // @crawler-only; interactions are the js and no-js projects' (decision 0220).
    {
      name: "crawler",
      testIgnore: SERVICE_WORKER_SPECS,
      use: { javaScriptEnabled: true, userAgent: CRAWLER_USER_AGENT },
      grep: /@crawler\b/,
    },
    // The worker-update test briefly rewrites the built sw.js, so these run alone, after everything else, and one
    // file at a time: a worker updated mid-journey reloads the saved-episodes pages of the other file (decision 0200).
    {
      name: "service-worker",
      testMatch: SERVICE_WORKER_SPECS,
      dependencies: ["js", "no-js", "crawler", "http-upstream"],
      fullyParallel: false,
      workers: 1,
      use: { javaScriptEnabled: true, userAgent: PERSON_USER_AGENT, serviceWorkers: "allow" },
    },
    // Each browsing page once more with UPSTREAM_URL set: the API client over HTTP instead of in-process. The tests
    // tagged @over-http visit every page type and call (decision 0220).
    {
      name: "http-upstream",
      testIgnore: SERVICE_WORKER_SPECS,
      use: { javaScriptEnabled: true, userAgent: PERSON_USER_AGENT, baseURL: HTTP_UPSTREAM_BASE_URL },
      grep: /@over-http\b/,
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
