// `npm run test:adversarial`: thousands of generated hostile requests against the built production server,
// on its embedded API and over an HTTP upstream; prints requests, statuses, the slowest request, and every
// violated check with the hardening item of decision 0115 it belongs to. Needs a build. See docs/decisions/0115-adversarial-suite.md.
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { BUILD_VERSION_PATH } from "../../app/domain/build-version";
import { apiRouter } from "../../embedded-api/api-routes";
import { checkExchange, isServerFault, type Violation } from "./checks";
import {
  coverageCells,
  describeRequest,
  describeRequestInFull,
  planRequests,
  serialize,
  type CoverageCell,
  type GenerationContext,
  type PlannedRequest,
} from "./generators";
import { exchange, headerValue, latin1, type Exchange } from "./raw-http";
import { fixedFormRoutes, readRoutePatterns } from "./routes";
import { FULL_RUN, sized } from "./run-size";
import { cpuMilliseconds, serverConnections, startApp, type RunningApp } from "./servers";

const SEED = Number(process.env.ADVERSARIAL_SEED ?? 15_10);
/**
 * `npm test` sends a sample: every coverage cell once per server (`coverageCells`) among requests drawn from the whole
 * mix. `ADVERSARIAL_FULL=1` sends the big run, whose volume finds what is rare in the mix; the bench sends 4,000.
 */
const TOTAL_REQUESTS = Number(process.env.ADVERSARIAL_REQUESTS ?? sized(10_200, 2_400));
const CONCURRENCY = Number(process.env.ADVERSARIAL_CONCURRENCY ?? 6);
/**
 * Past this, no new request is sent: the suite ends on its own and says how many it skipped. A safety bound, not
 * a speed target (a quiet 2-core machine runs the whole plan in 40–55 s; the time is printed, never asserted).
 */
const TIME_LIMIT_MS = Number(process.env.ADVERSARIAL_TIME_LIMIT_MS ?? 300_000);
/** One request's answer may take this long (a 16 KB path took 6 s before decision 0115's fixes). */
const REQUEST_TIMEOUT_MS = 15_000;
/** A stalled or idle connection must have been closed by the server within this (its own timeouts are seconds). */
const STALLED_CONNECTION_WAIT_MS = 20_000;
/** The big run must send at least this many; a smaller one, at least what it planned. */
const MIN_REQUESTS = 10_000;
/** Answers that show the server did not read a body: refused before it, or not a form at all. */
const BODY_UNREAD_STATUSES = [403, 404, 405, 408, 413, 414, 415, 429];
const benchRows = process.env.ADVERSARIAL_BENCH_ROWS === "1";

interface Slowest {
  description: string;
  milliseconds: number;
  status: number | null;
}

interface Tally {
  app: RunningApp;
  requests: number;
  skipped: number;
  statuses: Map<string, number>;
  latencies: number[];
  slowest: Slowest | null;
  excusedUpstreamFaults: number;
  stalledLeftOpen: string[];
  /** The server process's CPU time during the run, when /proc tells. */
  serverCpuMs: number | null;
}

interface ViolationGroup {
  issueItem: number | null;
  count: number;
  examples: string[];
}

const violations = new Map<string, ViolationGroup>();
/** Every violation in full, written to REPORT_FILE for whoever reproduces one. */
const allViolations: string[] = [];
const REPORT_FILE = path.resolve(".cache", "adversarial", "violations.txt");

function record(app: RunningApp, request: string, found: Violation[], inFull = request): void {
  for (const violation of found) {
    allViolations.push(
      `${violation.issueItem ? `[item ${violation.issueItem}] ` : ""}${violation.check}\t[${app.name}] ${inFull}\t${violation.detail}`,
    );
    const key = violation.check;
    const group = violations.get(key) ?? { issueItem: violation.issueItem, count: 0, examples: [] };
    group.count += 1;
    if (group.examples.length < 3) group.examples.push(`[${app.name}] ${request} → ${violation.detail}`);
    violations.set(key, group);
  }
}

function newTally(app: RunningApp): Tally {
  return {
    app,
    requests: 0,
    skipped: 0,
    statuses: new Map(),
    latencies: [],
    slowest: null,
    excusedUpstreamFaults: 0,
    stalledLeftOpen: [],
    serverCpuMs: null,
  };
}

/** Stalled connections count as requests but not as latencies: their time is the server's timeout, by design. */
function count(tally: Tally, description: string, result: Exchange, timed = true): void {
  const status = result.response?.status ?? null;
  const key = status === null ? "no answer" : String(status);
  tally.requests += 1;
  tally.statuses.set(key, (tally.statuses.get(key) ?? 0) + 1);
  if (!timed) return;
  tally.latencies.push(result.milliseconds);
  if (!tally.slowest || result.milliseconds > tally.slowest.milliseconds)
    tally.slowest = { description, milliseconds: result.milliseconds, status };
}

/** 5xx answers over HTTP, judged at the end: the server's log line about an upstream fault may come a little later. */
const pendingServerErrors: Array<{ tally: Tally; request: PlannedRequest; status: number; started: number; finished: number }> = [];
/** How long after its answer a request's upstream-fault log line may still arrive. */
const LOG_LAG_MS = 1_000;

/** The origins a trusted proxy's X-Forwarded-Host makes of this request (the app believes its first value). */
function forwardedOrigins(request: PlannedRequest): string[] {
  const host = request.headers
    .find(([name]) => name.toLowerCase() === "x-forwarded-host")?.[1]
    .split(",")[0]
    ?.trim();
  if (!host) return [];
  try {
    return [new URL(`http://${host}`).origin];
  } catch {
    return [];
  }
}

async function send(tally: Tally, request: PlannedRequest): Promise<Exchange> {
  const started = performance.now();
  const result = await exchange({
    port: tally.app.port,
    payload: serialize(request, tally.app.host),
    timeoutMilliseconds: REQUEST_TIMEOUT_MS,
  });
  const finished = performance.now();
  const description = describeRequest(request);
  count(tally, description, result);
  const status = result.response?.status ?? 0;
  const deferServerError = tally.app.upstreamOrigin !== null && isServerFault(request.method, status);
  if (deferServerError) pendingServerErrors.push({ tally, request, status, started, finished });
  // Behind a trusted proxy the visitor may have reached us over https (X-Forwarded-Proto), and at the host the proxy
  // names (X-Forwarded-Host): those origins are ours too, and links the embedded API builds point at them.
  const ownOrigins = tally.app.trustsProxy
    ? [tally.app.origin, ...forwardedOrigins(request)].flatMap((origin) => [origin, origin.replace(/^http:/, "https:")])
    : [tally.app.origin];
  const allowedRedirectOrigins = [...ownOrigins, ...(tally.app.upstreamOrigin ? [tally.app.upstreamOrigin] : [])];
  record(
    tally.app,
    description,
    checkExchange(request, result, { allowedRedirectOrigins, trustsProxy: tally.app.trustsProxy, upstreamFaultDuring: deferServerError }),
    describeRequestInFull(request),
  );
  return result;
}

/** A 5xx over HTTP is the upstream's own fault when the server logged a failed upstream call while it ran. */
function judgeServerErrors(): void {
  for (const { tally, request, status, started, finished } of pendingServerErrors) {
    if (tally.app.upstreamFaults.some((fault) => fault.at >= started && fault.at <= finished + LOG_LAG_MS))
      tally.excusedUpstreamFaults += 1;
    else
      record(
        tally.app,
        describeRequest(request),
        [{ check: "no answer ≥ 500", issueItem: null, detail: String(status) }],
        describeRequestInFull(request),
      );
  }
}

function plain(method: string, target: string, headers: Array<[string, string]> = [], body = ""): PlannedRequest {
  return { kind: "scenario", method, target, headers, body: Buffer.from(body), hostileHost: null, expectations: [] };
}

async function json(app: RunningApp, apiPath: string): Promise<unknown> {
  const response = await fetch(`${app.origin}/api/v1${apiPath}`);
  return response.ok ? response.json() : null;
}

function listOf(value: unknown): Array<Record<string, unknown>> {
  if (Array.isArray(value)) return value as Array<Record<string, unknown>>;
  const data = (value as { data?: unknown } | null)?.data;
  return Array.isArray(data) ? (data as Array<Record<string, unknown>>) : [];
}

/** Valid parameters from the running demo data, by the names routes and API paths give them. */
async function discoverValidValues(app: RunningApp): Promise<Record<string, string[]>> {
  const releases = listOf(await json(app, "/anime/releases/latest?limit=3"));
  const aliases = releases.map((release) => String(release.alias));
  const releaseIds = releases.map((release) => String(release.id));
  const detail = (await json(app, `/anime/releases/${aliases[0] ?? "x"}`)) as { episodes?: Array<{ id: string }> } | null;
  const episodeIds = (detail?.episodes ?? []).slice(0, 3).map((episode) => String(episode.id));
  const genreIds = listOf(await json(app, "/anime/catalog/references/genres"))
    .slice(0, 3)
    .map((genre) => String(genre.id));
  const franchiseIds = listOf(await json(app, "/anime/franchises"))
    .slice(0, 3)
    .map((franchise) => String(franchise.id));
  const sitemap = await (await fetch(`${app.origin}/sitemap.xml`)).text();
  const sitemapFiles = [...sitemap.matchAll(/\/sitemaps\/([^<\s]+)/g)].map((match) => match[1] as string);
  return {
    alias: aliases,
    aliasOrId: [...aliases, ...releaseIds],
    releaseId: releaseIds,
    id: releaseIds,
    releaseEpisodeId: episodeIds,
    genreId: genreIds,
    franchiseId: franchiseIds,
    hashOrId: releaseIds,
    provider: ["vk", "google", "discord", "patreon"],
    file: sitemapFiles,
  };
}

function staticFiles(): string[] {
  const client = path.resolve(process.env.BUILD_DIR ?? "build", "client");
  const top = readdirSync(client, { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => `/${entry.name}`);
  const assets = readdirSync(path.join(client, "assets"))
    .filter((name) => !name.endsWith(".br") && !name.endsWith(".gz"))
    .slice(0, 5)
    .map((name) => `/assets/${name}`);
  return [...top, ...assets, "/assets/", "/assets/missing.js"];
}

/** The demo account's session cookie, so some reads and list toggles run signed in. */
async function signIn(app: RunningApp): Promise<string | null> {
  const response = await fetch(`${app.origin}/app/auth/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: app.origin, "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": "192.0.2.200" },
    body: new URLSearchParams({ login: "demo", password: "demo-password" }),
  });
  await response.arrayBuffer();
  const session = response.headers.getSetCookie().find((cookie) => cookie.startsWith("__Host-session="));
  return session ? (session.split(";")[0] ?? null) : null;
}

/** Hardening item 5: rotating the left of X-Forwarded-For must not give a client a fresh login budget. */
async function rotatingForwardedForScenario(tally: Tally, index: number): Promise<void> {
  let limited = false;
  for (let attempt = 0; attempt < 12 && !limited; attempt += 1) {
    const request = plain(
      "POST",
      "/app/auth/login",
      [
        ["Origin", tally.app.origin],
        ["Content-Type", "application/x-www-form-urlencoded"],
        ["X-Forwarded-For", `203.0.113.${attempt + 1}, 198.51.100.${index + 10}`],
      ],
      "login=nobody&password=wrong-password",
    );
    limited = (await send(tally, request)).response?.status === 429;
  }
  if (!limited)
    record(tally.app, "12 × POST /app/auth/login, X-Forwarded-For: <rotating>, <fixed proxy>", [
      { check: "rotating X-Forwarded-For's left does not lift the login rate limit", issueItem: 5, detail: "no 429 after 12 attempts" },
    ]);
}

/** Hardening item 2: another browser's finished social login must not sign this one in through the API proxy. */
async function socialLoginCsrfScenario(tally: Tally): Promise<void> {
  const start = await send(tally, plain("GET", "/app/auth/social/vk"));
  const location = start.response ? headerValue(start.response, "location") : undefined;
  if (!location)
    return record(tally.app, "GET /app/auth/social/vk", [
      { check: "the social login starts (scenario set-up)", issueItem: null, detail: `got ${start.response?.status}` },
    ]);
  const provider = new URL(location, tally.app.origin);
  const state = provider.searchParams.get("state") ?? "";
  await fetch(provider, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams({ state, identity: "attacker", decision: "allow" }),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
  const victim = await send(
    tally,
    plain("GET", `/api/v1/accounts/users/auth/social/authenticate?state=${encodeURIComponent(state)}`, [
      ["Sec-Fetch-Site", "cross-site"],
      ["Sec-Fetch-Mode", "navigate"],
    ]),
  );
  const setsSession = (victim.response?.headers.get("set-cookie") ?? []).some((cookie) => /^__Host-session=[^;]/.test(cookie));
  if (setsSession)
    record(tally.app, "cross-site GET /api/v1/accounts/users/auth/social/authenticate?state=<the attacker's>", [
      { check: "a cross-site social authenticate never creates a session", issueItem: 2, detail: "Set-Cookie: __Host-session" },
    ]);
}

/** Connections that stop mid-request or idle: the server must close each within seconds (hardening item 3). */
async function stalledConnections(tally: Tally, formPaths: string[]): Promise<void> {
  const host = tally.app.host;
  const stalls: Array<[string, Buffer, boolean]> = [
    [
      "a body that declares 1000 bytes and sends 10 (theme)",
      latin1(
        `POST /preferences/theme HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${tally.app.origin}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\ntheme=dark`,
      ),
      false,
    ],
    [
      "a body that declares 1000 bytes and sends 10 (login)",
      latin1(
        `POST /app/auth/login HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${tally.app.origin}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\nlogin=demo`,
      ),
      false,
    ],
    [
      "a body that declares 1000 bytes and sends 10 (API proxy)",
      latin1(
        `POST /api/v1/accounts/users/me/favorites HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${tally.app.origin}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n[{"release`,
      ),
      false,
    ],
    ["headers that never end", latin1(`GET / HTTP/1.1\r\nHost: ${host}\r\nX-Slow: `), false],
    ["a request of blank lines", latin1("\r\n".repeat(4000)), false],
    ["an idle keep-alive connection after one answer", latin1(`GET /favicon.ico HTTP/1.1\r\nHost: ${host}\r\n\r\n`), false],
    ...formPaths.map((formPath): [string, Buffer, boolean] => [
      `POST ${formPath} declaring 50 MB`,
      Buffer.concat([
        latin1(
          `POST ${formPath} HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${tally.app.origin}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 50000000\r\n\r\n`,
        ),
        Buffer.alloc(64 * 1024, "a"),
      ]),
      true,
    ]),
  ];
  await Promise.all(
    stalls.map(async ([description, payload, declaresHugeBody]) => {
      const result = await exchange({ port: tally.app.port, payload, timeoutMilliseconds: STALLED_CONNECTION_WAIT_MS });
      count(tally, description, result, false);
      const status = result.response?.status;
      const found: Violation[] = [];
      if (!result.closedByServer) {
        tally.stalledLeftOpen.push(description);
        found.push({
          check: `a stalled or idle connection is closed by the server within ${STALLED_CONNECTION_WAIT_MS / 1000} s (408)`,
          issueItem: 3,
          detail: `still open${status ? ` after a ${status}` : ""}`,
        });
      }
      if (status !== undefined && status >= 500) found.push({ check: "no answer ≥ 500", issueItem: null, detail: String(status) });
      if (declaresHugeBody && (status === undefined || (!BODY_UNREAD_STATUSES.includes(status) && !(status >= 300 && status < 400)))) {
        found.push({
          check: "a declared body over the limit → 413 at once (or an answer that reads no body)",
          issueItem: 3,
          detail: `got ${status ?? "no answer"}`,
        });
      }
      record(tally.app, description, found);
    }),
  );
}

async function mainTraffic(tally: Tally, requests: PlannedRequest[], deadline: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      if (performance.now() > deadline) {
        tally.skipped = requests.length - next;
        next = requests.length;
        return;
      }
      const request = requests[next++] as PlannedRequest;
      await send(tally, request);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

function percentile(sorted: number[], fraction: number): number {
  return sorted.length ? (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] as number) : 0;
}

async function settledServerConnections(app: RunningApp): Promise<number | null> {
  let open = serverConnections(app.pid, app.port);
  for (let attempt = 0; attempt < 30 && open !== null && open > 0; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    open = serverConnections(app.pid, app.port);
  }
  return open;
}

async function main(): Promise<number> {
  const startedAt = performance.now();
  const routes = readRoutePatterns(path.resolve("app/routes"));
  const apiPaths = [...new Set(apiRouter.table().map((route) => route.path))];
  const files = staticFiles();
  const apps = await Promise.all([
    // A fresh clone's production start: in-process API, no SITE_URL, behind a proxy that is trusted.
    startApp({ name: "embedded", overHttp: false, trustProxy: true, siteUrl: false }),
    // The live set-up: the API over HTTP, SITE_URL set, no proxy in front.
    startApp({ name: "http-upstream", overHttp: true, trustProxy: false, siteUrl: true }),
  ]);
  const tallies = apps.map(newTally);
  let coverage: CoverageCell[] = [];
  let serverSideOpen: Array<number | null> = [];
  try {
    const perServer = Math.ceil(TOTAL_REQUESTS / apps.length);
    const plans = await Promise.all(
      tallies.map(async (tally, index) => {
        const sessionCookie = await signIn(tally.app);
        const context: GenerationContext = {
          routes,
          apiPaths,
          validValues: await discoverValidValues(tally.app),
          staticFiles: files,
          serverPaths: [BUILD_VERSION_PATH],
          host: tally.app.host,
          origin: tally.app.origin,
          sessionCookie,
        };
        await rotatingForwardedForScenario(tally, index);
        if (index === 0) await socialLoginCsrfScenario(tally);
        if (index === 0) coverage = coverageCells(context);
        return planRequests(context, { seed: SEED + index, total: perServer });
      }),
    );
    const formPaths = fixedFormRoutes(routes).map((route) => `/${route.segments.join("/")}`);
    const deadline = startedAt + TIME_LIMIT_MS;
    const cpuBefore = apps.map((app) => cpuMilliseconds(app.pid));
    await Promise.all(
      tallies.map((tally, index) =>
        Promise.all([stalledConnections(tally, formPaths), mainTraffic(tally, plans[index] as PlannedRequest[], deadline)]),
      ),
    );
    tallies.forEach((tally, index) => {
      const before = cpuBefore[index];
      const after = cpuMilliseconds(tally.app.pid);
      tally.serverCpuMs = before === null || before === undefined || after === null ? null : after - before;
    });
    serverSideOpen = await Promise.all(apps.map(settledServerConnections));
    judgeServerErrors();
  } finally {
    await Promise.all(apps.map((app) => app.stop()));
  }
  const seconds = (performance.now() - startedAt) / 1000;
  return report(tallies, serverSideOpen, seconds, coverage);
}

/** "69 route × read method, 88 API path, …": how many cells of each group every server was sent. */
function describeCoverage(cells: CoverageCell[]): string {
  const groups = new Map<string, number>();
  for (const { group } of cells) groups.set(group, (groups.get(group) ?? 0) + 1);
  return [...groups].map(([group, count]) => `${count} ${group}`).join(", ");
}

function report(tallies: Tally[], serverSideOpen: Array<number | null>, seconds: number, coverage: CoverageCell[]): number {
  const total = tallies.reduce((sum, tally) => sum + tally.requests, 0);
  const skipped = tallies.reduce((sum, tally) => sum + tally.skipped, 0);
  const suiteCpu = process.cpuUsage();
  const lines: string[] = [
    `Adversarial suite, seed ${SEED} (ADVERSARIAL_SEED to repeat): ${total} requests in ${seconds.toFixed(1)} s, ${CONCURRENCY} at a time per server; the suite's own CPU ${((suiteCpu.user + suiteCpu.system) / 1e6).toFixed(1)} s.`,
    `  Covered on each server, at least once by construction (${coverage.length} cells): ${describeCoverage(coverage)}; the rest drawn from the whole mix${FULL_RUN ? "" : " (ADVERSARIAL_FULL=1 sends 10,200)"}.`,
  ];
  let slowestOverall: (Slowest & { server: string }) | null = null;
  let slowestLogged: { server: string; text: string; durationMs: number } | null = null;
  tallies.forEach((tally, index) => {
    const sorted = [...tally.latencies].sort((a, b) => a - b);
    const statuses = [...tally.statuses]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([status, times]) => `${status}×${times}`)
      .join(" ");
    const logged = tally.app.log.slowest;
    lines.push(
      `  ${tally.app.name}: ${tally.requests} requests${tally.skipped ? `, ${tally.skipped} NOT SENT (time limit)` : ""}; statuses ${statuses}`,
      `    client time p50 ${percentile(sorted, 0.5).toFixed(1)} ms, p99 ${percentile(sorted, 0.99).toFixed(1)} ms; slowest ${tally.slowest?.milliseconds.toFixed(0)} ms (${tally.slowest?.status ?? "no answer"}): ${tally.slowest?.description.slice(0, 160)}`,
      `    server CPU ${tally.serverCpuMs === null ? "unknown" : `${(tally.serverCpuMs / 1000).toFixed(1)} s, ${(tally.serverCpuMs / Math.max(1, tally.requests)).toFixed(1)} ms a request`}; server's own time (its request log, ${tally.app.log.requests} lines): slowest ${logged ? `${logged.durationMs} ms, ${logged.method} ${logged.path.slice(0, 100)}${logged.path.length > 100 ? `… (${logged.path.length} chars)` : ""} → ${logged.status}` : "none logged"}`,
      `    error-level log lines: ${tally.app.log.errorLines.length}, other stderr lines: ${[...tally.app.log.otherStderr.values()].reduce((sum, times) => sum + times, 0)}; upstream faults: ${tally.app.upstreamFaults.length} (5xx excused for them: ${tally.excusedUpstreamFaults}); server-side connections left open at the end: ${serverSideOpen[index] ?? "unknown"}; stalled client connections the server never closed: ${tally.stalledLeftOpen.length}${tally.stalledLeftOpen.length ? ` (${tally.stalledLeftOpen.join("; ")})` : ""}`,
    );
    if (tally.slowest && (!slowestOverall || tally.slowest.milliseconds > slowestOverall.milliseconds))
      slowestOverall = { ...tally.slowest, server: tally.app.name };
    if (logged && (!slowestLogged || logged.durationMs > slowestLogged.durationMs))
      slowestLogged = { server: tally.app.name, text: `${logged.method} ${logged.path.slice(0, 100)}`, durationMs: logged.durationMs };
    const errorLines = tally.app.log.errorLines;
    if (errorLines.length)
      record(tally.app, `${errorLines.length} lines, first: ${errorLines[0]?.slice(0, 300)}`, [
        { check: "anonymous requests write nothing at error level", issueItem: 9, detail: "error-level log lines" },
      ]);
    // A warning printed once at first use is the library's; one that repeats can be repeated by anyone.
    const repeated = [...tally.app.log.otherStderr].filter(([, times]) => times > 1);
    if (repeated.length)
      record(tally.app, `${repeated.length} distinct lines, first (${repeated[0]?.[1]}×): ${repeated[0]?.[0]}`, [
        { check: "anonymous requests cannot repeat lines on stderr", issueItem: 9, detail: "repeated stderr lines" },
      ]);
    const open = serverSideOpen[index];
    if (open)
      record(tally.app, "after the run", [{ check: "no connection left open on the server", issueItem: 3, detail: `${open} open` }]);
  });
  if (total < Math.min(MIN_REQUESTS, TOTAL_REQUESTS))
    record(tallies[0]!.app, "the whole run", [
      { check: `at least ${Math.min(MIN_REQUESTS, TOTAL_REQUESTS)} requests per run`, issueItem: null, detail: `${total} sent` },
    ]);
  if (skipped > 0)
    record(tallies[0]!.app, "the whole run", [
      { check: `every planned request sent within ${TIME_LIMIT_MS / 1000} s`, issueItem: 1, detail: `${skipped} not sent` },
    ]);
  const failed = [...violations.values()].reduce((sum, group) => sum + group.count, 0);
  lines.push(failed ? `${failed} violations of ${violations.size} checks:` : "No violations.");
  for (const [check, group] of [...violations].sort(([, a], [, b]) => (a.issueItem ?? 0) - (b.issueItem ?? 0))) {
    lines.push(`  ✗ ${group.issueItem ? `[item ${group.issueItem}] ` : ""}${check}: ${group.count}`);
    for (const example of group.examples) lines.push(`      ${example.slice(0, 400)}`);
  }
  const errorLines = tallies.flatMap((tally) => tally.app.log.errorLines.map((line) => `[${tally.app.name}] ${line}`));
  if (allViolations.length) {
    mkdirSync(path.dirname(REPORT_FILE), { recursive: true });
    writeFileSync(REPORT_FILE, `${allViolations.join("\n")}\n\nError-level log lines:\n${errorLines.join("\n")}\n`);
    lines.push(`Every violation, with its request: ${path.relative(process.cwd(), REPORT_FILE)}`);
  }
  console.log(lines.join("\n"));
  if (benchRows) {
    const overall = slowestOverall as (Slowest & { server: string }) | null;
    const logged = slowestLogged as { server: string; text: string; durationMs: number } | null;
    const rows = [
      {
        benchmark: `adversarial suite (${total} requests, ${seconds.toFixed(0)} s)`,
        metric: "answers ≥ 500",
        value: tallies.reduce(
          (sum, tally) => sum + [...tally.statuses].filter(([status]) => status.startsWith("5")).reduce((s, [, n]) => s + n, 0),
          0,
        ),
        unit: "",
        target: "0",
        pass: !violations.has("no answer ≥ 500"),
      },
      {
        benchmark: `adversarial suite: slowest request (client), ${overall ? `${overall.server}: ${overall.description.slice(0, 80)}` : "none"}`,
        metric: "time",
        value: Number((overall?.milliseconds ?? 0).toFixed(1)),
        unit: "ms",
        target: "",
        pass: true,
      },
      {
        benchmark: `adversarial suite: slowest request (server log), ${logged ? `${logged.server}: ${logged.text.slice(0, 80)}` : "none"}`,
        metric: "time",
        value: logged?.durationMs ?? 0,
        unit: "ms",
        target: "",
        pass: true,
      },
      { benchmark: "adversarial suite", metric: "violations", value: failed, unit: "", target: "0", pass: failed === 0 },
    ];
    console.log(JSON.stringify({ rows }));
  }
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
