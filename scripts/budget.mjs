// The performance budget (run by `npm test`): loads each non-player page in Chromium, adds up the gzipped
// JavaScript and CSS it downloads, prints the figures, and fails above 110 KB JS / 15 KB CSS or if hls.js loads.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";

const JS_BUDGET_BYTES = 110 * 1024;
const CSS_BUDGET_BYTES = 15 * 1024;
const PORT = Number(process.env.BUDGET_PORT ?? 4180);
const BASE_URL = `http://127.0.0.1:${PORT}`;
const CHROMIUM_PATH = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const STATIC_ROUTES = [
  "/",
  "/anime/catalog/",
  "/anime/releases/latest/",
  "/anime/genres/",
  "/anime/franchises/",
  "/anime/torrents/",
  "/anime/schedule",
  "/media/videos/latest/",
  "/teams",
  "/rules",
  "/support",
  "/app/sitemap",
  "/app/auth/login",
  "/app/auth/registration/newRegistration",
  "/no-such-page",
];

async function waitForServer(url, deadline = Date.now() + 60_000) {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server at ${url} did not start`);
}

/** Routes with parameters, found through the running site's own API so the check follows real data. */
async function discoverRoutes() {
  const routes = [];
  try {
    const releases = await (await fetch(`${BASE_URL}/api/v1/anime/releases/latest?limit=1`)).json();
    const alias = (Array.isArray(releases) ? releases : releases.data)?.[0]?.alias;
    if (alias) routes.push(`/anime/releases/release/${alias}`, `/anime/releases/release/${alias}/episodes`);
    const genres = await (await fetch(`${BASE_URL}/api/v1/anime/genres`)).json();
    const genreId = (Array.isArray(genres) ? genres : genres.data)?.[0]?.id;
    if (genreId) routes.push(`/anime/genres/releasesOfGenre/${genreId}`);
  } catch {
    // Parameterised routes are measured once the proxy serves these lists.
  }
  return routes;
}

async function measure(page, route) {
  const sizes = { js: 0, css: 0, hls: false };
  const pending = [];
  const onResponse = (response) => {
    const type = response.request().resourceType();
    if (type !== "script" && type !== "stylesheet") return;
    pending.push(
      response.body().then(
        (body) => {
          const gzipped = gzipSync(body).length;
          if (type === "script") sizes.js += gzipped;
          else sizes.css += gzipped;
          if (/hls/i.test(response.url())) sizes.hls = true;
        },
        () => undefined,
      ),
    );
  };
  page.on("response", onResponse);
  await page.goto(`${BASE_URL}${route}`, { waitUntil: "networkidle" });
  await Promise.all(pending);
  page.off("response", onResponse);
  return sizes;
}

const dataDirectory = mkdtempSync(path.join(tmpdir(), "budget-"));
const server = spawn(process.execPath, [`${process.env.BUILD_DIR ?? "build"}/server-main.js`], {
  stdio: ["ignore", "ignore", "inherit"],
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(PORT),
    SESSION_SECRET: "budget-check-session-secret-0123456789abcdef",
    EMBEDDED_API_DB: path.join(dataDirectory, "embedded-api.sqlite"),
  },
});

let failed = false;
try {
  await waitForServer(`${BASE_URL}/healthz`);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const routes = [...STATIC_ROUTES, ...(await discoverRoutes())];
  const rows = [];
  for (const route of routes) {
    // A fresh context per route: nothing cached from the page before, as for a first visit.
    const context = await browser.newContext({ userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0.0.0 Safari/537.36" });
    const page = await context.newPage();
    const sizes = await measure(page, route);
    await context.close();
    const over = sizes.js > JS_BUDGET_BYTES || sizes.css > CSS_BUDGET_BYTES || sizes.hls;
    failed ||= over;
    rows.push({
      route,
      "JS gzip KB": (sizes.js / 1024).toFixed(1),
      "CSS gzip KB": (sizes.css / 1024).toFixed(1),
      "hls.js": sizes.hls ? "LOADED" : "no",
      verdict: over ? "OVER BUDGET" : "ok",
    });
  }
  await browser.close();
  console.log(`Budget: at most ${JS_BUDGET_BYTES / 1024} KB of gzipped JavaScript and ${CSS_BUDGET_BYTES / 1024} KB of CSS per non-player page, no hls.js`);
  console.table(rows);
  console.log(failed ? "Budget check failed." : `Budget check passed for ${rows.length} pages.`);
} finally {
  server.kill("SIGTERM");
  rmSync(dataDirectory, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
