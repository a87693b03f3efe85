// Server CPU per uncached page (decision 0187): the built server with the page cache off, driven by autocannon; the
// server process's user+system CPU time over a run (from /proc) divided by the requests it answered.
//   node scripts/bench/render-cpu.mjs   (needs `npm run build`; RENDER_CPU_REQUESTS, _ROUNDS, _SECONDS, _PORT; BUILD_DIR)
// RENDER_CPU_AGAINST=<build directory> measures another build beside this one (an older commit's `npm run build`, in
// a checkout with its own node_modules): both servers run at once, each page's rounds alternate between them, and
// the page's row is the median of the rounds' ratios, this build's CPU over the other's. A round's two figures are
// taken back to back, so the machine's drift (a neighbour, the clock) falls on both; a figure from another day's run
// could not be compared this way.
// Prints one line per page and a JSON summary; exits 1 when a target is missed.
import autocannon from "autocannon";
import { cpuMilliseconds, discoverParameters, PERSON_USER_AGENT, signInAsDemo, startServer } from "../lib/server.mjs";

const REQUESTS = Number(process.env.RENDER_CPU_REQUESTS ?? 300);
// The median of several rounds: a round that meets a major GC or a busy neighbour costs more, and one that does not,
// less; the least of them would report the lucky one (decision 0233).
const ROUNDS = Number(process.env.RENDER_CPU_ROUNDS ?? 5);
// A page's first ~1,500 answers cost more while V8 still compiles and optimises its code (11 → 7 ms a catalogue page,
// decision 0233); the figure is what a page costs a server that has been up for a few seconds of traffic.
const WARM_UP_REQUESTS = Number(process.env.RENDER_CPU_WARM_UP ?? 1500);
const CONNECTIONS = 10;
const THROUGHPUT_SECONDS = Number(process.env.RENDER_CPU_SECONDS ?? 10);
export const TARGETS_MS = { catalogue: 8, release: 10 };

function drive(url, headers, options) {
  return autocannon({ url, connections: CONNECTIONS, headers: { "user-agent": PERSON_USER_AGENT, ...headers }, ...options });
}

/** A page of a running build: `{server, path, headers}`. WARM_UP_REQUESTS of it. */
function warmUp({ server, path, headers }) {
  return drive(`${server.baseUrl}${path}`, headers, { amount: WARM_UP_REQUESTS });
}

/** One round: REQUESTS of the page, and the server's CPU milliseconds per answer. */
async function cpuOfOneRound({ server, path, headers }) {
  const before = cpuMilliseconds(server.pid);
  const result = await drive(`${server.baseUrl}${path}`, headers, { amount: REQUESTS });
  const used = cpuMilliseconds(server.pid) - before;
  const answered = result["2xx"];
  if (answered !== REQUESTS) {
    throw new Error(`${path}: ${answered} of ${REQUESTS} answered 2xx (${result.non2xx} other, ${result.errors} errors)`);
  }
  return used / answered;
}

async function cpuPerRequest(page) {
  await warmUp(page);
  const perRound = [];
  for (let round = 0; round < ROUNDS; round += 1) perRound.push(await cpuOfOneRound(page));
  return median(perRound);
}

/**
 * A page on two builds, each warmed up, then ROUNDS rounds of both back to back (which goes first alternates): the
 * median CPU per answer of each, and the median and spread of the rounds' ratios (ours over theirs).
 */
async function cpuSideBySide(ours, theirs) {
  await warmUp(ours);
  await warmUp(theirs);
  const oursPerRound = [];
  const theirsPerRound = [];
  const ratios = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const order = round % 2 === 0 ? [ours, theirs] : [theirs, ours];
    const figures = new Map();
    for (const side of order) figures.set(side, await cpuOfOneRound(side));
    oursPerRound.push(figures.get(ours));
    theirsPerRound.push(figures.get(theirs));
    ratios.push(figures.get(ours) / figures.get(theirs));
  }
  return {
    oursMs: median(oursPerRound),
    theirsMs: median(theirsPerRound),
    ratio: median(ratios),
    lowestRatio: Math.min(...ratios),
    highestRatio: Math.max(...ratios),
  };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const SERVER_ENV = { PAGE_CACHE_SECONDS: "0", EMBEDDED_API_DEV_PAGES: "true" };

/** A running build's pages: the catalogue, a release page and the signed-in catalogue, with what each needs. */
async function pagesOf(server) {
  const { alias } = await discoverParameters(server.baseUrl);
  if (!alias) throw new Error(`no release alias found at ${server.baseUrl}`);
  const cookie = await signInAsDemo(server.baseUrl);
  return {
    catalogue: { server, path: "/anime/catalog/", headers: {} },
    release: { server, path: `/anime/releases/release/${alias}/`, headers: {} },
    signedInCatalogue: { server, path: "/anime/catalog/", headers: { cookie } },
  };
}

/** This build's pages beside the build in `againstDir`, page by page (cpuSideBySide). */
export async function compareRenderCpu(againstDir, { port = Number(process.env.RENDER_CPU_PORT ?? 4320) } = {}) {
  const [server, other] = await Promise.all([
    startServer({ port, env: SERVER_ENV }),
    startServer({ port: port + 1, env: SERVER_ENV, buildDir: againstDir }),
  ]);
  try {
    const ours = await pagesOf(server);
    const theirs = await pagesOf(other);
    const compared = {};
    for (const page of Object.keys(ours)) compared[page] = await cpuSideBySide(ours[page], theirs[page]);
    return compared;
  } finally {
    await Promise.all([server.stop(), other.stop()]);
  }
}

export async function measureRenderCpu({ port = Number(process.env.RENDER_CPU_PORT ?? 4320) } = {}) {
  const server = await startServer({ port, env: SERVER_ENV });
  try {
    const pages = await pagesOf(server);
    const catalogue = await cpuPerRequest(pages.catalogue);
    const release = await cpuPerRequest(pages.release);
    const signedInCatalogue = await cpuPerRequest(pages.signedInCatalogue);
    const run = await drive(`${server.baseUrl}${pages.signedInCatalogue.path}`, pages.signedInCatalogue.headers, {
      duration: THROUGHPUT_SECONDS,
    });
    return {
      catalogueCpuMs: catalogue,
      releaseCpuMs: release,
      signedInCatalogueCpuMs: signedInCatalogue,
      signedInCatalogueRequestsPerSecond: run.requests.average,
      signedInCatalogueP99Ms: run.latency.p99,
    };
  } finally {
    await server.stop();
  }
}

const PAGE_NAMES = { catalogue: "catalogue", release: "release", signedInCatalogue: "signed-in catalogue" };

/** The rows of a comparison: each page's ratio, at or under 1 when this build costs no more than the other. */
function comparisonLines(againstDir, compared) {
  return Object.entries(compared).map(([page, figures]) => [
    `${PAGE_NAMES[page]}, CPU per uncached page against ${againstDir} (${figures.oursMs.toFixed(2)} / ${figures.theirsMs.toFixed(2)} ms, ` +
      `rounds ${figures.lowestRatio.toFixed(2)}–${figures.highestRatio.toFixed(2)})`,
    figures.ratio,
    "×",
    "≤ 1.00",
    figures.ratio <= 1,
  ]);
}

function measurementLines(figures) {
  return [
    [
      "catalogue, CPU per uncached page",
      figures.catalogueCpuMs,
      "ms",
      `≤ ${TARGETS_MS.catalogue}`,
      figures.catalogueCpuMs <= TARGETS_MS.catalogue,
    ],
    ["release, CPU per uncached page", figures.releaseCpuMs, "ms", `≤ ${TARGETS_MS.release}`, figures.releaseCpuMs <= TARGETS_MS.release],
    ["signed-in catalogue, CPU per page", figures.signedInCatalogueCpuMs, "ms", "", true],
    ["signed-in catalogue, 10 connections", figures.signedInCatalogueRequestsPerSecond, "req/s", "", true],
    ["signed-in catalogue, p99", figures.signedInCatalogueP99Ms, "ms", "", true],
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const againstDir = process.env.RENDER_CPU_AGAINST;
  const summary = againstDir ? { compared: await compareRenderCpu(againstDir) } : { figures: await measureRenderCpu() };
  const lines = summary.compared ? comparisonLines(againstDir, summary.compared) : measurementLines(summary.figures);
  for (const [name, value, unit, target, pass] of lines) {
    console.log(`${target ? (pass ? "✓" : "✗") : "·"} ${name}: ${value.toFixed(2)} ${unit}${target ? ` (target ${target} ${unit})` : ""}`);
  }
  // The last line is what `npm run bench` reads into its table.
  const rows = lines.map(([metric, value, unit, target, pass]) => ({
    benchmark: "Render CPU (scripts/bench/render-cpu.mjs)",
    metric,
    value: Number(value.toFixed(2)),
    unit,
    target,
    pass,
  }));
  console.log(JSON.stringify({ ...summary, rows }));
  if (lines.some(([, , , , pass]) => !pass)) process.exitCode = 1;
}
