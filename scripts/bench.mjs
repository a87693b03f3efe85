// `npm run bench`: every benchmark of the project, printed as one table.
//   SSR throughput and latency (autocannon), the JS/CSS budgets, Lighthouse mobile scores, the player's time to
//   first frame, the embedded API's catalogue query at 50,000 releases, a 30-second load run with memory, and
//   the adversarial suite's slowest request (a 4,000-request run of `npm run test:adversarial`).
// Needs a build (`npm run build`). BENCH_QUICK=1 shortens the runs (for trying the script, not for figures).
import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CSS_BUDGET_BYTES, JS_BUDGET_BYTES, JS_HARD_LIMIT_BYTES, measureBudgets } from "./budget.mjs";
import { CHROMIUM_ARGS, CHROMIUM_PATH, discoverParameters, startServer } from "./lib/server.mjs";

const quick = process.env.BENCH_QUICK === "1";
const THROUGHPUT_SECONDS = quick ? 3 : 10;
const LOAD_SECONDS = quick ? 5 : 30;
// Caches (locations, references, V8's code and heap) fill during the first seconds under load; growth is judged after.
const LOAD_WARM_UP_SECONDS = quick ? 2 : 10;
const rows = [];

function row(benchmark, metric, value, unit, target, pass) {
  rows.push({
    benchmark,
    metric,
    value: typeof value === "number" ? Number(value.toFixed(value < 10 ? 2 : 1)) : value,
    unit,
    target,
    pass,
  });
}

function runAutocannon(url, connections, seconds) {
  return autocannon({
    url,
    connections,
    duration: seconds,
    headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 bench" },
  });
}

function rssKilobytes(pid) {
  try {
    return Number(
      execFileSync("ps", ["-o", "rss=", "-p", String(pid)])
        .toString()
        .trim(),
    );
  } catch {
    return 0;
  }
}

async function throughput(baseUrl, paths) {
  for (const [name, path, isCatalogue] of paths) {
    await runAutocannon(`${baseUrl}${path}`, 10, 1); // warm caches and JIT
    const result = await runAutocannon(`${baseUrl}${path}`, 10, THROUGHPUT_SECONDS);
    const errors = result.errors + result.non2xx;
    row(
      `SSR ${name}, 10 connections`,
      "requests/s",
      result.requests.average,
      "req/s",
      isCatalogue ? ">= 500" : "",
      isCatalogue ? result.requests.average >= 500 : errors === 0,
    );
    row(`SSR ${name}, 10 connections`, "p50", result.latency.p50, "ms", "", errors === 0);
    row(
      `SSR ${name}, 10 connections`,
      "p99",
      result.latency.p99,
      "ms",
      isCatalogue ? "<= 60" : "",
      isCatalogue ? result.latency.p99 <= 60 : errors === 0,
    );
  }
}

/** CPU seconds the process has used so far (Linux: utime + stime from /proc, in clock ticks of 10 ms). */
function cpuMilliseconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The server's own CPU time per rendered page: what the render costs, whatever else the machine runs. */
async function renderCost(baseUrl, pid, name, path) {
  const amount = quick ? 200 : 1000;
  await autocannon({ url: `${baseUrl}${path}`, connections: 10, amount: 50 });
  const before = cpuMilliseconds(pid);
  const result = await autocannon({
    url: `${baseUrl}${path}`,
    connections: 10,
    amount,
    headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 bench" },
  });
  row(
    `SSR ${name}, page cache off`,
    "server CPU per page",
    (cpuMilliseconds(pid) - before) / amount,
    "ms",
    "",
    result.errors + result.non2xx === 0,
  );
}

async function loadRun(baseUrl, pid, paths) {
  for (const [name, path] of paths) {
    await runAutocannon(`${baseUrl}${path}`, 50, LOAD_WARM_UP_SECONDS);
    const samples = [];
    const timer = setInterval(() => samples.push(rssKilobytes(pid)), 1000);
    const result = await runAutocannon(`${baseUrl}${path}`, 50, LOAD_SECONDS);
    clearInterval(timer);
    const errors = result.errors + result.non2xx + result.timeouts;
    const third = Math.max(1, Math.floor(samples.length / 3));
    const middle = samples.slice(third, 2 * third);
    const last = samples.slice(-third);
    const average = (list) => list.reduce((sum, value) => sum + value, 0) / Math.max(1, list.length);
    const growth = middle.length ? (average(last) - average(middle)) / average(middle) : 0;
    row(`load ${name}, 50 connections × ${LOAD_SECONDS} s`, "errors", errors, "", "0", errors === 0);
    row(`load ${name}, 50 connections × ${LOAD_SECONDS} s`, "requests/s", result.requests.average, "req/s", "", errors === 0);
    row(`load ${name}, 50 connections × ${LOAD_SECONDS} s`, "RSS peak", Math.max(...samples) / 1024, "MB", "", true);
    row(
      `load ${name}, 50 connections × ${LOAD_SECONDS} s`,
      `RSS growth, last vs middle third (after ${LOAD_WARM_UP_SECONDS} s warm-up)`,
      growth * 100,
      "%",
      "< 10 (levels off)",
      growth < 0.1,
    );
  }
}

const LIGHTHOUSE_RUNS = quick ? 1 : 5;
// The browser runs in Moscow time, the zone the server assumes for a visitor whose location it does not know
// (127.0.0.1): the schedule then needs no redraw in another zone (docs/decisions/0062-schedule-time-zones.md).
const LIGHTHOUSE_TIME_ZONE = "Europe/Moscow";

/** One Lighthouse run; a run that Lighthouse itself reports as failed (runtimeError) is tried once more. */
async function lighthouseRun(url, port) {
  for (let attempt = 0; ; attempt += 1) {
    const { lhr } = await lighthouse(url, {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
    });
    if (!lhr.runtimeError || attempt === 1) return lhr;
  }
}

/** Scores swing with the machine's load (TBT measures real main-thread time): the median of a few runs is reported. */
async function lighthouseScores(baseUrl, paths) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ["--headless=new", ...CHROMIUM_ARGS],
    envVars: { ...process.env, TZ: LIGHTHOUSE_TIME_ZONE },
  });
  try {
    for (const [name, path] of paths) {
      const runs = [];
      for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) runs.push(await lighthouseRun(`${baseUrl}${path}`, chrome.port));
      runs.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
      const { categories, audits, runtimeError } = runs[Math.floor(runs.length / 2)];
      const label = `Lighthouse mobile ${name} (median of ${runs.length}, browser in ${LIGHTHOUSE_TIME_ZONE} time)`;
      if (runtimeError) {
        row(label, "run", `failed: ${runtimeError.code}`, "", "", false);
        continue;
      }
      const score = (id) => Math.round((categories[id]?.score ?? 0) * 100);
      row(label, "performance", score("performance"), "", ">= 95", score("performance") >= 95);
      row(label, "accessibility", score("accessibility"), "", "100", score("accessibility") === 100);
      row(label, "best practices", score("best-practices"), "", "100", score("best-practices") === 100);
      row(label, "SEO", score("seo"), "", "100", score("seo") === 100);
      row(label, "LCP", audits["largest-contentful-paint"].numericValue, "ms", "", true);
      row(label, "TBT", audits["total-blocking-time"].numericValue, "ms", "", true);
      row(label, "CLS", audits["cumulative-layout-shift"].numericValue, "", "", true);
    }
  } finally {
    await chrome.kill();
  }
}

/** A sub-benchmark written in TypeScript prints `{"rows": [...]}` as its last line. */
function externalBenchmark(script, env = {}) {
  const result = spawnSync("npx", ["tsx", script], { encoding: "utf8", env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 });
  const last = result.stdout.trim().split("\n").pop() ?? "";
  try {
    for (const external of JSON.parse(last).rows) rows.push(external);
  } catch {
    row(script, "run", `failed (exit ${result.status})`, "", "", false);
    process.stderr.write(result.stderr.slice(-2000));
  }
}

const server = await startServer({ port: Number(process.env.BENCH_PORT ?? 4185) });
try {
  const { alias } = await discoverParameters(server.baseUrl);
  const releasePath = `/anime/releases/release/${alias}`;
  await throughput(server.baseUrl, [
    ["home /", "/", false],
    ["catalogue /anime/catalog/", "/anime/catalog/", true],
    ["release page", releasePath, false],
    ["API proxy /api/v1/anime/catalog/releases", "/api/v1/anime/catalog/releases?limit=20", false],
  ]);
  const budgets = await measureBudgets(server.baseUrl);
  const worstJs = budgets.reduce((worst, next) => (next.jsBytes > worst.jsBytes ? next : worst));
  const worstCss = budgets.reduce((worst, next) => (next.cssBytes > worst.cssBytes ? next : worst));
  row(
    `budget: largest JS of ${budgets.length} non-player pages (${worstJs.route})`,
    "gzip",
    worstJs.jsBytes / 1024,
    "KB",
    `about ${JS_BUDGET_BYTES / 1024} (fails above ${JS_HARD_LIMIT_BYTES / 1024}, decision 0005)`,
    worstJs.jsBytes <= JS_HARD_LIMIT_BYTES,
  );
  row(
    `budget: largest CSS (${worstCss.route})`,
    "gzip",
    worstCss.cssBytes / 1024,
    "KB",
    `<= ${CSS_BUDGET_BYTES / 1024}`,
    worstCss.cssBytes <= CSS_BUDGET_BYTES,
  );
  row(
    "budget: hls.js on non-player pages",
    "pages",
    budgets.filter((budget) => budget.hls).length,
    "",
    "0",
    budgets.every((budget) => !budget.hls),
  );
  await lighthouseScores(server.baseUrl, [
    ["home", "/"],
    ["catalogue", "/anime/catalog/"],
    ["release page", releasePath],
    ["schedule", "/anime/schedule"],
  ]);
} finally {
  await server.stop();
}
// The same pages with the shared page cache off (decision 0090): every request renders, as for a visitor's
// first view or a signed-in user. The load run goes here too, so memory is measured under real rendering.
const uncachedServer = await startServer({ port: Number(process.env.BENCH_PORT ?? 4185) + 1, env: { PAGE_CACHE_SECONDS: "0" } });
try {
  const { alias } = await discoverParameters(uncachedServer.baseUrl);
  const releasePath = `/anime/releases/release/${alias}`;
  await throughput(uncachedServer.baseUrl, [["catalogue, page cache off", "/anime/catalog/", false]]);
  await renderCost(uncachedServer.baseUrl, uncachedServer.pid, "catalogue", "/anime/catalog/");
  await renderCost(uncachedServer.baseUrl, uncachedServer.pid, "release page", releasePath);
  await renderCost(
    uncachedServer.baseUrl,
    uncachedServer.pid,
    "API proxy (no render: the upstream's own cost)",
    "/api/v1/anime/catalog/releases?limit=24",
  );
  await loadRun(uncachedServer.baseUrl, uncachedServer.pid, [
    ["catalogue, page cache off", "/anime/catalog/"],
    ["release page, page cache off", releasePath],
  ]);
} finally {
  await uncachedServer.stop();
}
externalBenchmark("scripts/bench/player-first-frame.ts");
externalBenchmark("scripts/bench/embedded-api-catalog.ts");
// The adversarial suite's slowest request (its own figures; `npm run test:adversarial` runs the full 10,200).
externalBenchmark("scripts/adversarial/run.ts", { ADVERSARIAL_BENCH_ROWS: "1", ADVERSARIAL_REQUESTS: quick ? "1000" : "4000" });

console.table(rows.map((entry) => ({ ...entry, pass: entry.pass ? "yes" : "NO" })));
const failed = rows.filter((entry) => !entry.pass);
console.log(
  failed.length ? `${failed.length} of ${rows.length} figures miss their target.` : `All ${rows.length} figures meet their targets.`,
);
