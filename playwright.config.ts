import { defineConfig } from "@playwright/test";
import { chromiumLaunchOptions, E2E_BASE_URL, E2E_PORT, PERSON_USER_AGENT } from "./tests/support/browser";

const SERVICE_WORKER_SPECS = /pwa\.spec\.ts$/;
/** Specs that measure time between browsers (watch together's drift): on a machine shared with other browsers they measure the machine. */
const TIMED_SPECS = /watch-together-sync\.spec\.ts$/;

const TRACE_MODES = ["on-first-retry", "retain-on-failure", "on", "off"] as const;

function traceMode(setting: string | undefined): (typeof TRACE_MODES)[number] {
  if (setting === undefined) return "on-first-retry";
  const mode = TRACE_MODES.find((known) => known === setting);
  if (!mode) throw new Error(`E2E_TRACE=${setting}: one of ${TRACE_MODES.join(", ")}`);
  return mode;
}

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
    // Recording a trace costs a fifth to a quarter of the browser suite's CPU (DOM snapshots and a screencast of
    // every action, kept or not): recorded on the retry of a failed test, which a real failure also fails, or on every
    // attempt with E2E_TRACE=retain-on-failure (or `--trace on`) when chasing a rare one (decision 0276).
    trace: traceMode(process.env.E2E_TRACE),
    // A worker installing itself costs every fresh context a precache and a second process, and its offline-ready
    // toast fades in at a random moment under axe; only the service-worker project's specs are about it (decision 0220).
    serviceWorkers: "block",
  },
  // What a search engine is given and the pages over the HTTP API client are request-level checks of the same built
  // server (tests/pages, `npm run test:pages`); the browser keeps journeys, hydration, JavaScript and layouts (decision 0261).
  projects: [
    {
      name: "js",
      testIgnore: [SERVICE_WORKER_SPECS, TIMED_SPECS],
      use: { javaScriptEnabled: true, userAgent: PERSON_USER_AGENT },
      grepInvert: /@no-js-only/,
    },
    {
      name: "no-js",
      testIgnore: [SERVICE_WORKER_SPECS, TIMED_SPECS],
      use: { javaScriptEnabled: false, userAgent: PERSON_USER_AGENT },
      grepInvert: /@js-only/,
    },
    // The worker-update test briefly rewrites the built sw.js, so these run one file at a time: a worker updated
    // mid-journey reloads the saved-episodes pages of the other file (decision 0200). Beside the other projects, not
    // after them: their contexts block service workers, so no other page ever loads sw.js (decision 0275).
    {
      name: "service-worker",
      testMatch: SERVICE_WORKER_SPECS,
      fullyParallel: false,
      workers: 1,
      use: { javaScriptEnabled: true, userAgent: PERSON_USER_AGENT, serviceWorkers: "allow" },
    },
    // Watch together's members within 0.5 s of each other (decision 0262): after the other browser tests, one at a time
    // and after the service-worker project too, so that no other browser shares the two cores while drift is measured.
    {
      name: "in-sync",
      testMatch: TIMED_SPECS,
      dependencies: ["js", "no-js", "service-worker"],
      fullyParallel: false,
      workers: 1,
      use: { javaScriptEnabled: true, userAgent: PERSON_USER_AGENT },
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
  ],
});
