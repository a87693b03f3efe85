// Server CPU per uncached page (decision 0187): the built server with the page cache off, driven by autocannon; the
// server process's user+system CPU time over a run (from /proc) divided by the requests it answered.
//   node scripts/bench/render-cpu.mjs   (needs `npm run build`; RENDER_CPU_REQUESTS, _ROUNDS, _SECONDS, _PORT; BUILD_DIR)
// Prints one line per page and a JSON summary; exits 1 when a target is missed.
import autocannon from "autocannon";
import { cpuMilliseconds, discoverParameters, PERSON_USER_AGENT, startServer } from "../lib/server.mjs";

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

async function cpuPerRequest(server, path, headers) {
  const url = `${server.baseUrl}${path}`;
  await drive(url, headers, { amount: WARM_UP_REQUESTS });
  const perRound = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const before = cpuMilliseconds(server.pid);
    const result = await drive(url, headers, { amount: REQUESTS });
    const used = cpuMilliseconds(server.pid) - before;
    const answered = result["2xx"];
    if (answered !== REQUESTS) {
      throw new Error(`${path}: ${answered} of ${REQUESTS} answered 2xx (${result.non2xx} other, ${result.errors} errors)`);
    }
    perRound.push(used / answered);
  }
  return median(perRound);
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Signs the demo account in through the login form; returns the session cookie. */
async function signIn(baseUrl) {
  const response = await fetch(`${baseUrl}/app/auth/login`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: baseUrl, "content-type": "application/x-www-form-urlencoded", "user-agent": PERSON_USER_AGENT },
    body: new URLSearchParams({ login: "demo", password: "demo-password", redirectTo: "/" }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
  if (!cookie) throw new Error(`signing in as the demo account failed (${response.status})`);
  return cookie;
}

export async function measureRenderCpu({ port = Number(process.env.RENDER_CPU_PORT ?? 4320) } = {}) {
  const server = await startServer({ port, env: { PAGE_CACHE_SECONDS: "0", EMBEDDED_API_DEV_PAGES: "true" } });
  try {
    const { alias } = await discoverParameters(server.baseUrl);
    if (!alias) throw new Error("no release alias found");
    const cookie = await signIn(server.baseUrl);
    const catalogue = await cpuPerRequest(server, "/anime/catalog/", {});
    const release = await cpuPerRequest(server, `/anime/releases/release/${alias}/`, {});
    const signedInCatalogue = await cpuPerRequest(server, "/anime/catalog/", { cookie });
    const run = await drive(`${server.baseUrl}/anime/catalog/`, { cookie }, { duration: THROUGHPUT_SECONDS });
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

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await measureRenderCpu();
  const lines = [
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
  console.log(JSON.stringify({ figures, rows }));
  if (lines.some(([, , , , pass]) => !pass)) process.exitCode = 1;
}
