// Benchmark: how many upstream round trips each page waits for. The built app talks over HTTP to the embedded API
// behind a loopback server that holds every answer for a fixed time; a page's time to first byte divided by that
// time is the number of upstream answers it waited for one after another (1.0 = everything asked at once), plus the
// site's own time as a share of the latency. Each row also gives the two apart: the upstream waited for, from the
// page's first call to its last answer, as a multiple of the latency, and the site's own milliseconds around it.
// Run after `npm run build`: npx tsx scripts/bench/round-trips.ts — the last stdout line is the JSON result.
// BENCH_UPSTREAM_LATENCY_MS (default 150) sets the delay; BUILD_DIR picks another build (a before/after comparison);
// BENCH_ROUND_TRIPS_TRACE=1 prints, per sample, each upstream request with when it arrived after the page was asked
// (what a page waits for before asking the next); BENCH_ROUND_TRIPS_PAGES="signed in home,visitor catalogue" runs
// only those rows. Each row also says its spread: the fastest sample beside the median, how late the stand-in
// upstream itself answered, and the machine's load average.
// What a row measures is a running site's page: its page is visited BENCH_ROUND_TRIPS_WARM_UPS times (default 10)
// before the samples, so V8 has compiled and optimised its code as a site that served it before has; after one visit
// the signed-in home page's own CPU was 15-40 % above that, V8 still compiling (decision 0274). The samples after are
// first visits of their release or episode where the page takes one (caches keyed by them start cold).
// BENCH_ROUND_TRIPS_CPU_PROF=<directory> profiles the site's process (below).
import { createServer, request as httpRequest, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { createEmbeddedApi } from "../../embedded-api/index";
import { toFetchRequest, writeFetchResponse } from "../../embedded-api/node-http-adapter";
import type { UpstreamAnswer, UpstreamCall } from "./upstream-worker";
import { cpuMilliseconds, PERSON_USER_AGENT, signInAsDemo, startServer } from "../lib/server.mjs";

const LATENCY_MS = Number(process.env.BENCH_UPSTREAM_LATENCY_MS ?? 150);
/** Threads answering the stand-in upstream's calls (BENCH_UPSTREAM_THREADS; default: the machine's cores, at least 2). */
const UPSTREAM_THREADS = Number(process.env.BENCH_UPSTREAM_THREADS ?? Math.max(2, availableParallelism()));
const PORT = Number(process.env.BENCH_ROUND_TRIPS_PORT ?? 4189);
/** Pages with a parameter are measured on this many different releases or episodes, each a first visit. */
const SAMPLES = Number(process.env.BENCH_ROUND_TRIPS_SAMPLES ?? 5);
/** 1.0 plus our own few milliseconds (render, the proxy's own hop), as a share of the latency. */
const TARGET = 1.2;
/**
 * How much longer than its latency the upstream may be waited for and still count as one round trip: the stand-in
 * upstream's own lateness on a busy machine (its timers and threads), well short of a second round trip.
 */
const WAIT_TOLERANCE = 0.1;
const TRACE = process.env.BENCH_ROUND_TRIPS_TRACE === "1";
/** Only these rows ("signed in home,visitor catalogue"), to profile or repeat a few; all when unset. */
const ONLY_PAGES = process.env.BENCH_ROUND_TRIPS_PAGES?.split(",").map((page) => page.trim());
/** Visits of a row's page before its samples (BENCH_ROUND_TRIPS_WARM_UPS): V8's code warm, as on a running site. */
const WARM_UPS = Math.max(1, Number(process.env.BENCH_ROUND_TRIPS_WARM_UPS ?? 10));
/**
 * BENCH_ROUND_TRIPS_CPU_PROF=<directory>: the site's process writes a V8 CPU profile there when it stops, and
 * rows.json beside it says when each row's samples ran (microseconds of the monotonic clock, V8's profile clock).
 */
const CPU_PROFILE_DIRECTORY = process.env.BENCH_ROUND_TRIPS_CPU_PROF;

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

/**
 * One visit: its time to first byte and what that time was made of. `waitedMs` runs from the page's first upstream
 * request to the last answer it got before its first byte (one latency when everything is asked at once, more when
 * one answer is awaited before the next is asked, or when the stand-in upstream is late); `ownMs` is the rest, the
 * site's own work: before its first request (session, routing, the loaders' start) and after the last answer
 * (parsing, validation, render).
 */
type Sample = { ms: number; status: number; roundTrips: number; upstreamLateMs: number; waitedMs: number; ownMs: number };

/**
 * Milliseconds until the first byte of the answer's status line, the round trips before it, and how much later than
 * the latency the stand-in upstream answered the latest of its calls (its own lateness, the machine's; not the
 * site's); the body is dropped.
 */
function timeToFirstByte(url: string, cookie: string | null): Promise<Sample> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const outgoing = httpRequest(url, { headers: { "user-agent": PERSON_USER_AGENT, ...(cookie ? { cookie } : {}) } }, (incoming) => {
      const firstByte = performance.now();
      const ms = firstByte - started;
      const before = arrivals.filter((arrival) => arrival.at >= started && arrival.at < firstByte);
      arrivals.length = 0;
      const lateness = (arrival: Arrival) => (arrival.answeredAt ?? firstByte) - arrival.at - LATENCY_MS;
      if (TRACE) {
        const lines = before.map(
          (arrival) =>
            `  +${(arrival.at - started).toFixed(0).padStart(4)} ms (answered ${lateness(arrival).toFixed(0)} ms late) ${arrival.path}`,
        );
        console.log(`${url} first byte at ${ms.toFixed(0)} ms\n${lines.join("\n")}`);
      }
      const firstAsked = Math.min(firstByte, ...before.map((arrival) => arrival.at));
      const lastAnswered = Math.max(firstAsked, ...before.map((arrival) => Math.min(arrival.answeredAt ?? firstByte, firstByte)));
      const waitedMs = lastAnswered - firstAsked;
      incoming.resume();
      incoming.on("end", () =>
        resolve({
          ms,
          status: incoming.statusCode ?? 0,
          roundTrips: roundTrips(before.map((arrival) => arrival.at)),
          upstreamLateMs: Math.max(0, ...before.map(lateness)),
          waitedMs,
          ownMs: ms - waitedMs,
        }),
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
const dbPath = path.join(dataDirectory, "upstream.sqlite");
// Created and seeded here; the threads that answer open the same file.
createEmbeddedApi({ dbPath, seed: { releases: 60 } }).close();

type Arrival = { at: number; path: string; answeredAt?: number };
/** When each upstream request arrived (ms, performance.now()), for counting the round trips one after another. */
const arrivals: Arrival[] = [];

/**
 * The stand-in upstream's threads, each the embedded API on the bench's database. A page's calls are answered side
 * by side, as a real upstream's servers answer them: on one thread the work of one (a release list of 1,150-episode
 * shows takes 50–110 ms here) held up the arrival and the answer of the next, and the bench counted that as the
 * site's time and sometimes as a second round trip.
 */
const workers = Array.from({ length: UPSTREAM_THREADS }, () => {
  const worker = new Worker(
    `import("tsx/esm/api").then(({ register }) => { register(); return import(${JSON.stringify(new URL("./upstream-worker.ts", import.meta.url).href)}); });`,
    { eval: true, workerData: { dbPath } },
  );
  const pending = new Map<number, (answer: UpstreamAnswer) => void>();
  worker.on("message", (answer: UpstreamAnswer) => {
    pending.get(answer.id)?.(answer);
    pending.delete(answer.id);
  });
  return { worker, pending };
});
let lastCallId = 0;

/** The embedded API's answer from the least busy thread. */
async function answerOf(incoming: IncomingMessage): Promise<UpstreamAnswer> {
  const request = await toFetchRequest(incoming);
  const body = request.body ? await request.arrayBuffer() : null;
  const id = ++lastCallId;
  const call: UpstreamCall = { id, method: request.method, url: request.url, headers: [...request.headers], body };
  const thread = workers.reduce((least, next) => (next.pending.size < least.pending.size ? next : least));
  return new Promise((resolve) => {
    thread.pending.set(id, resolve);
    thread.worker.postMessage(call, body ? [body] : []);
  });
}

// Every answer, the embedded media included, comes the same time after it was asked: what the loaders wait for counts.
const upstream: Server = createServer((incoming, outgoing) => {
  const arrival: Arrival = { at: performance.now(), path: incoming.url ?? "" };
  arrivals.push(arrival);
  answerOf(incoming)
    .then(async (answer) => {
      if (answer.error) console.error(`stand-in upstream: ${arrival.path}: ${answer.error}`);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, arrival.at + LATENCY_MS - performance.now())));
      arrival.answeredAt = performance.now();
      await writeFetchResponse(new Response(answer.body, { status: answer.status, headers: answer.headers }), outgoing, incoming.method);
    })
    .catch((error: unknown) => outgoing.destroy(error instanceof Error ? error : undefined));
});
await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
const upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/api/v1`;

const rows: Row[] = [];
const profiledRows: { row: string; fromMicroseconds: number; toMicroseconds: number }[] = [];
const microsecondsNow = () => Number(process.hrtime.bigint() / 1000n);
const app = await startServer({
  port: PORT,
  env: {
    UPSTREAM_URL: upstreamUrl,
    PAGE_CACHE_SECONDS: "0",
    LOG_LEVEL: "error",
  },
  nodeArguments: CPU_PROFILE_DIRECTORY ? ["--cpu-prof", `--cpu-prof-dir=${CPU_PROFILE_DIRECTORY}`] : [],
});
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
      if (ONLY_PAGES && !ONLY_PAGES.includes(`${viewer.name} ${name}`)) continue;
      // Caches that outlive a page (locations, references, V8's code) are warm for the figure, as on a running site.
      let warmUp = await timeToFirstByte(`${app.baseUrl}${address(0)}`, viewer.cookie);
      for (let visit = 1; visit < WARM_UPS; visit++) warmUp = await timeToFirstByte(`${app.baseUrl}${address(0)}`, viewer.cookie);
      const samples: number[] = [];
      const trips: number[] = [];
      const upstreamLate: number[] = [];
      const waited: number[] = [];
      const own: number[] = [];
      // The site's own work for the samples (loaders, parsing, render; the upstream runs in this process, not there):
      // CPU time, which the machine's other load does not inflate as it does the times to first byte.
      const cpuBefore = cpuMilliseconds(app.pid);
      const fromMicroseconds = microsecondsNow();
      for (let index = 1; index <= SAMPLES; index++) {
        const sample = await timeToFirstByte(`${app.baseUrl}${address(index)}`, viewer.cookie);
        samples.push(sample.ms);
        trips.push(sample.roundTrips);
        upstreamLate.push(sample.upstreamLateMs);
        waited.push(sample.waitedMs);
        own.push(sample.ownMs);
      }
      const ownCpuMs = (cpuMilliseconds(app.pid) - cpuBefore) / SAMPLES;
      profiledRows.push({ row: `${viewer.name} ${name}`, fromMicroseconds, toMicroseconds: microsecondsNow() });
      const multiple = median(samples) / LATENCY_MS;
      const fastest = Math.min(...samples) / LATENCY_MS;
      const waitedMultiple = median(waited) / LATENCY_MS;
      const ownMs = median(own);
      const ok = warmUp.status === 200;
      console.log(
        `${viewer.name} ${name}: ${samples.map((ms) => ms.toFixed(0)).join(", ")} ms (median ${multiple.toFixed(2)}, fastest ${fastest.toFixed(2)} × ${LATENCY_MS} ms; upstream waited for ${waitedMultiple.toFixed(2)} ×, own ${ownMs.toFixed(0)} ms), round trips ${trips.join(", ")}, own CPU ${ownCpuMs.toFixed(1)} ms a page, upstream late by up to ${Math.max(...upstreamLate).toFixed(0)} ms, load ${loadavg()[0]?.toFixed(1)}`,
      );
      rows.push({
        benchmark: `round trips: ${name}, ${viewer.name} (TTFB / ${LATENCY_MS} ms upstream latency)`,
        metric: "median",
        value: ok ? Number(multiple.toFixed(2)) : `status ${warmUp.status}`,
        unit: "×",
        target: `<= ${TARGET}`,
        pass: ok && multiple <= TARGET,
      });
      // The time to first byte in its two parts: the upstream waited for, as a multiple of its latency (1.0 when the
      // page asks everything at once), and the site's own milliseconds around it (the «plus our own few ms»).
      rows.push({
        benchmark: `round trips: ${name}, ${viewer.name} (the upstream waited for / ${LATENCY_MS} ms latency)`,
        metric: "median",
        value: ok ? Number(waitedMultiple.toFixed(2)) : `status ${warmUp.status}`,
        unit: "×",
        target: "1.0",
        pass: ok && waitedMultiple < 1 + WAIT_TOLERANCE,
      });
      rows.push({
        benchmark: `round trips: ${name}, ${viewer.name} (the site's own time before its first upstream call and after the last answer)`,
        metric: "median",
        value: ok ? Number(ownMs.toFixed(0)) : `status ${warmUp.status}`,
        unit: "ms",
        target: "",
        pass: ok,
      });
      // The spread, so a reader can tell the machine's noise from the page's cost: the fastest sample (a page's own
      // cost is in every sample, a busy neighbour only in some) and how late the stand-in upstream itself answered.
      rows.push({
        benchmark: `round trips: ${name}, ${viewer.name} (TTFB / ${LATENCY_MS} ms upstream latency)`,
        metric: `fastest of ${SAMPLES}`,
        value: ok ? Number(fastest.toFixed(2)) : `status ${warmUp.status}`,
        unit: "×",
        target: "",
        pass: ok,
      });
      rows.push({
        benchmark: `round trips: ${name}, ${viewer.name} (the stand-in upstream's own lateness, not the site's)`,
        metric: "most",
        value: Number(Math.max(...upstreamLate).toFixed(0)),
        unit: "ms",
        target: "",
        pass: ok,
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
  if (CPU_PROFILE_DIRECTORY) writeFileSync(path.join(CPU_PROFILE_DIRECTORY, "rows.json"), JSON.stringify(profiledRows, null, 1));
  await new Promise<void>((resolve) => upstream.close(() => resolve()));
  await Promise.all(
    workers.map(({ worker }) => {
      const exited = new Promise((resolve) => worker.once("exit", resolve));
      worker.postMessage("close");
      return exited;
    }),
  );
  rmSync(dataDirectory, { recursive: true, force: true });
}
console.log(JSON.stringify({ rows }));
