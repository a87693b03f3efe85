// Benchmark: how many upstream round trips each page waits for. The built app talks over HTTP to the embedded API
// behind a loopback server that holds every answer for a fixed time; a page's time to first byte divided by that
// time is the number of upstream answers it waited for one after another (1.0 = everything asked at once).
// Run after `npm run build`: npx tsx scripts/bench/round-trips.ts — the last stdout line is the JSON result.
// BENCH_UPSTREAM_LATENCY_MS (default 150) sets the delay; BUILD_DIR picks another build (a before/after comparison);
// BENCH_ROUND_TRIPS_TRACE=1 prints, per sample, each upstream request with when it arrived after the page was asked
// (what a page waits for before asking the next).
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createEmbeddedApi, toNodeListener } from "../../embedded-api/index";
import { cpuMilliseconds, PERSON_USER_AGENT, signInAsDemo, startServer } from "../lib/server.mjs";

const LATENCY_MS = Number(process.env.BENCH_UPSTREAM_LATENCY_MS ?? 150);
const PORT = Number(process.env.BENCH_ROUND_TRIPS_PORT ?? 4189);
/** Pages with a parameter are measured on this many different releases or episodes, each a first visit. */
const SAMPLES = Number(process.env.BENCH_ROUND_TRIPS_SAMPLES ?? 5);
/** 1.0 plus our own few milliseconds (render, the proxy's own hop), as a share of the latency. */
const TARGET = 1.2;
const TRACE = process.env.BENCH_ROUND_TRIPS_TRACE === "1";

type Row = { benchmark: string; metric: string; value: number | string; unit: string; target: string; pass: boolean };
type Viewer = { name: "visitor" | "signed in"; cookie: string | null };

function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

/**
 * The upstream round trips a page waited for before its first byte, counted from when its requests arrived rather
 * than from time (so a busy machine does not inflate it): a request that arrived a whole latency after the page's
 * first one may have waited for an answer, one that arrived sooner cannot have.
 */
function roundTrips(requestArrivals: number[]): number {
  const first = requestArrivals[0];
  if (first === undefined) return 0;
  return 1 + Math.max(...requestArrivals.map((arrival) => Math.floor((arrival - first) / LATENCY_MS)));
}

/** Milliseconds until the first byte of the answer's status line, and the round trips before it; the body is dropped. */
function timeToFirstByte(url: string, cookie: string | null): Promise<{ ms: number; status: number; roundTrips: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const outgoing = httpRequest(url, { headers: { "user-agent": PERSON_USER_AGENT, ...(cookie ? { cookie } : {}) } }, (incoming) => {
      const firstByte = performance.now();
      const ms = firstByte - started;
      const before = arrivals.filter((arrival) => arrival.at >= started && arrival.at < firstByte);
      arrivals.length = 0;
      if (TRACE) {
        const lines = before.map((arrival) => `  +${(arrival.at - started).toFixed(0).padStart(4)} ms ${arrival.path}`);
        console.log(`${url} first byte at ${ms.toFixed(0)} ms\n${lines.join("\n")}`);
      }
      incoming.resume();
      incoming.on("end", () =>
        resolve({ ms, status: incoming.statusCode ?? 0, roundTrips: roundTrips(before.map((arrival) => arrival.at)) }),
      );
      incoming.on("error", reject);
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}

async function json(url: string): Promise<unknown> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

function items(answer: unknown): Record<string, unknown>[] {
  return (Array.isArray(answer) ? answer : ((answer as { data?: unknown[] }).data ?? [])) as Record<string, unknown>[];
}

const dataDirectory = mkdtempSync(path.join(tmpdir(), "anilibria-round-trips-"));
const embedded = createEmbeddedApi({ dbPath: path.join(dataDirectory, "upstream.sqlite"), seed: { releases: 60 } });
/** When each upstream request arrived (ms, performance.now()), for counting the round trips one after another. */
const arrivals: { at: number; path: string }[] = [];
/**
 * Answers `dueAt` (performance.now()): the embedded API does its work at once and the answer waits for the rest of
 * the latency. The stand-in upstream is this one process, so answering after its work (as a delay before it would)
 * would add the work of every parallel call one after another — what a real upstream serving them side by side
 * does not — and count it as the site's.
 */
function answeringAt(dueAt: number) {
  return toNodeListener(async (request) => {
    const answer = await embedded.handle(request);
    const body = await answer.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, dueAt - performance.now())));
    return new Response(answer.status === 204 || answer.status === 304 ? null : body, answer);
  });
}
// Every answer, the embedded media included, comes the same time after it was asked: what the loaders wait for counts.
const upstream: Server = createServer((incoming, outgoing) => {
  const at = performance.now();
  arrivals.push({ at, path: incoming.url ?? "" });
  answeringAt(at + LATENCY_MS)(incoming, outgoing);
});
await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
const upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/api/v1`;

const rows: Row[] = [];
const app = await startServer({ port: PORT, env: { UPSTREAM_URL: upstreamUrl, PAGE_CACHE_SECONDS: "0", LOG_LEVEL: "error" } });
try {
  const releases = items(await json(`${upstreamUrl}/anime/releases/latest?limit=${SAMPLES + 1}`));
  const aliases = releases.map((release) => String(release.alias));
  const episodeIds: string[] = [];
  for (const alias of aliases) {
    const release = (await json(`${upstreamUrl}/anime/releases/${encodeURIComponent(alias)}`)) as { episodes?: { id: string }[] };
    const first = release.episodes?.[0];
    if (first) episodeIds.push(first.id);
  }
  const genreId = String(items(await json(`${upstreamUrl}/anime/genres`))[0]?.id);
  const franchiseId = String(items(await json(`${upstreamUrl}/anime/franchises`))[0]?.id);

  /** One address per sample: the first is the warm-up, the others are first visits of their release or episode. */
  const pages: [string, (index: number) => string, { signedInOnly?: boolean }?][] = [
    ["home", () => "/", {}],
    ["catalogue", () => "/anime/catalog/"],
    ["latest releases", () => "/anime/releases/latest"],
    ["genres", () => "/anime/genres/"],
    ["genre's releases", () => `/anime/genres/releasesOfGenre/${genreId}`],
    ["schedule", () => "/anime/schedule"],
    ["franchises", () => "/anime/franchises/"],
    ["franchise", () => `/anime/franchises/${franchiseId}`],
    ["torrents", () => "/anime/torrents"],
    ["videos", () => "/media/videos/latest"],
    ["teams", () => "/teams"],
    ["release page (episodes tab)", (index) => `/anime/releases/release/${aliases[index % aliases.length]}`],
    ["release members tab", (index) => `/anime/releases/release/${aliases[index % aliases.length]}/members`],
    ["release franchises tab", (index) => `/anime/releases/release/${aliases[index % aliases.length]}/franchises`],
    ["release torrents tab", (index) => `/anime/releases/release/${aliases[index % aliases.length]}/torrents`],
    ["player", (index) => `/anime/video/episode/${episodeIds[index % episodeIds.length]}`],
    ["favorites", () => "/me/favorites/", { signedInOnly: true }],
    ["collections", () => "/me/collections/", { signedInOnly: true }],
    ["new episodes", () => "/me/new-episodes/", { signedInOnly: true }],
  ];
  const viewers: Viewer[] = [
    { name: "visitor", cookie: null },
    { name: "signed in", cookie: await signInAsDemo(app.baseUrl) },
  ];
  for (const viewer of viewers) {
    for (const [name, address, options] of pages) {
      if (options?.signedInOnly && viewer.cookie === null) continue;
      // Caches that outlive a page (locations, references, V8's code) are warm for the figure, as on a running site.
      const warmUp = await timeToFirstByte(`${app.baseUrl}${address(0)}`, viewer.cookie);
      const samples: number[] = [];
      const trips: number[] = [];
      // The site's own work for the samples (loaders, parsing, render; the upstream runs in this process, not there):
      // CPU time, which the machine's other load does not inflate as it does the times to first byte.
      const cpuBefore = cpuMilliseconds(app.pid);
      for (let index = 1; index <= SAMPLES; index++) {
        const sample = await timeToFirstByte(`${app.baseUrl}${address(index)}`, viewer.cookie);
        samples.push(sample.ms);
        trips.push(sample.roundTrips);
      }
      const ownCpuMs = (cpuMilliseconds(app.pid) - cpuBefore) / SAMPLES;
      const multiple = median(samples) / LATENCY_MS;
      const ok = warmUp.status === 200;
      console.log(
        `${viewer.name} ${name}: ${samples.map((ms) => ms.toFixed(0)).join(", ")} ms (${multiple.toFixed(2)} × ${LATENCY_MS} ms), round trips ${trips.join(", ")}, own CPU ${ownCpuMs.toFixed(1)} ms a page`,
      );
      rows.push({
        benchmark: `round trips: ${name}, ${viewer.name} (TTFB / ${LATENCY_MS} ms upstream latency)`,
        metric: "median",
        value: ok ? Number(multiple.toFixed(2)) : `status ${warmUp.status}`,
        unit: "×",
        target: `<= ${TARGET}`,
        pass: ok && multiple <= TARGET,
      });
      rows.push({
        benchmark: `round trips: ${name}, ${viewer.name} (the site's own CPU per page, upstream excluded)`,
        metric: "mean",
        value: Number(ownCpuMs.toFixed(1)),
        unit: "ms",
        target: "",
        pass: ok,
      });
      // The fewest of the samples: a page that waits for one answer to ask the next does so every time, while a stall
      // of the machine (not of the page) only ever adds.
      const fewestTrips = Math.min(...trips);
      rows.push({
        benchmark: `round trips: ${name}, ${viewer.name} (upstream answers waited for one after another)`,
        metric: "fewest",
        value: fewestTrips,
        unit: "",
        target: "1",
        pass: ok && fewestTrips <= 1,
      });
    }
  }
} finally {
  await app.stop();
  await new Promise<void>((resolve) => upstream.close(() => resolve()));
  embedded.close();
  rmSync(dataDirectory, { recursive: true, force: true });
}
console.log(JSON.stringify({ rows }));
