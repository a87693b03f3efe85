// The processes the adversarial suite attacks: the built production server on a fresh database, either on
// its in-process embedded API or over HTTP to the standalone embedded API. The server's JSON log lines give
// request durations, error lines and the upstream's own faults (the API client logs each failed call).
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from "node:fs";
import { createServer as createNetServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import Database from "better-sqlite3";

export interface LoggedRequest {
  method: string;
  path: string;
  status: number;
  durationMs: number;
}

export interface ServerLog {
  requests: number;
  slowest: LoggedRequest | null;
  /** Error-level JSON log lines. */
  errorLines: string[];
  /** Other stderr lines (library warnings, stack traces) and how often each came. */
  otherStderr: Map<string, number>;
}

export interface UpstreamFault {
  /** When the log line arrived (performance.now()). */
  at: number;
  line: string;
}

/** The API client's and the proxy's warnings when the upstream answers 5xx, times out or cannot be reached. */
const UPSTREAM_FAULT_MESSAGES = ["upstream call failed", "proxy: upstream error"];

export interface RunningApp {
  name: string;
  port: number;
  pid: number;
  origin: string;
  host: string;
  trustsProxy: boolean;
  /** Where `UPSTREAM_URL` points, when the API is reached over HTTP. */
  upstreamOrigin: string | null;
  /** Failed upstream calls as the server logged them (over HTTP only: in-process faults are the app's own). */
  databasePath: string;
  log: ServerLog;
  upstreamFaults: UpstreamFault[];
  stop: () => Promise<void>;
}

const SESSION_SECRET = "adversarial-suite-session-secret-0123456789";
const STOP_GRACE_MS = 15_000;

/** A port nobody listens on now (the kernel's pick), unless the caller fixed one. */
export async function freePort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

async function waitFor(url: string, child: ChildProcess, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with code ${child.exitCode} before answering`);
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} never answered`);
}

function readLog(child: ChildProcess, log: ServerLog, upstreamFaults: UpstreamFault[], echoErrors: boolean): void {
  const onLine = (line: string, fromStderr: boolean) => {
    let entry: Record<string, unknown> | null = null;
    try {
      entry = JSON.parse(line) as Record<string, unknown>;
    } catch {
      // not a JSON log line
    }
    if (entry?.message === "request" && typeof entry.durationMs === "number") {
      log.requests += 1;
      if (!log.slowest || entry.durationMs > log.slowest.durationMs) {
        log.slowest = {
          method: String(entry.method),
          path: String(entry.path),
          status: Number(entry.status),
          durationMs: entry.durationMs,
        };
      }
      return;
    }
    if (typeof entry?.message === "string" && UPSTREAM_FAULT_MESSAGES.includes(entry.message))
      upstreamFaults.push({ at: performance.now(), line: line.slice(0, 500) });
    if (entry?.level === "error") {
      log.errorLines.push(line.slice(0, 2000));
      if (echoErrors) process.stderr.write(`${line.slice(0, 400)}\n`);
    } else if (fromStderr && !entry && line.trim() !== "") {
      const key = line.slice(0, 300);
      log.otherStderr.set(key, (log.otherStderr.get(key) ?? 0) + 1);
    }
  };
  if (child.stdout) createInterface({ input: child.stdout, crlfDelay: Infinity }).on("line", (line) => onLine(line, false));
  if (child.stderr) createInterface({ input: child.stderr, crlfDelay: Infinity }).on("line", (line) => onLine(line, true));
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill("SIGKILL"), STOP_GRACE_MS);
    child.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

/** The planted upstream URL: the marker the checks look for in every page and its data. */
export const HOSTILE_UPSTREAM_URL = "javascript:alert(document.domain)";

/**
 * Upstream strings a real API could send and the site must never turn into links or sources (hardening item 8):
 * every sponsor's and promotion's address becomes a `javascript:` or `data:` URL in the fresh database.
 */
function plantHostileUpstreamData(databasePath: string): void {
  const database = new Database(databasePath);
  try {
    database.pragma("busy_timeout = 5000");
    database.prepare(`UPDATE sponsors SET url = '${HOSTILE_UPSTREAM_URL}'`).run();
    database
      .prepare(
        `UPDATE promotions SET url = CASE WHEN rowid % 2 = 0 THEN '${HOSTILE_UPSTREAM_URL}' ELSE 'data:text/html,<script>alert(1)</script>' END`,
      )
      .run();
  } finally {
    database.close();
  }
}

export interface AppOptions {
  name: string;
  overHttp: boolean;
  trustProxy: boolean;
  siteUrl: boolean;
  port?: number;
  echoErrors?: boolean;
  /** Further environment for the app (a volume attack's heap cap, worker count, settings). */
  env?: Record<string, string>;
  /** `UPSTREAM_URL` as given (a hostile upstream of the attack's own), instead of the embedded API. */
  upstreamUrl?: string;
  /** The cluster's primary (build/server-cluster.js, `WEB_CONCURRENCY` workers) instead of one server process. */
  cluster?: boolean;
}

export async function startApp(options: AppOptions): Promise<RunningApp> {
  const directory = mkdtempSync(path.join(tmpdir(), "anilibria-adversarial-"));
  const port = options.port ?? (await freePort());
  const children: ChildProcess[] = [];
  const upstreamFaults: UpstreamFault[] = [];
  const log: ServerLog = { requests: 0, slowest: null, errorLines: [], otherStderr: new Map() };
  let upstreamOrigin: string | null = null;
  const origin = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    SESSION_SECRET,
    EMBEDDED_API_DEV_PAGES: "true",
    EMBEDDED_API_DB: path.join(directory, "embedded-api.sqlite"),
    // Shorter than the 30 s default, so the suite sees stalled bodies closed within its own wait.
    HEADERS_TIMEOUT_SECONDS: "5",
    REQUEST_TIMEOUT_SECONDS: "10",
  };
  if (options.trustProxy) env.TRUST_PROXY = "true";
  if (options.siteUrl) env.SITE_URL = origin;
  if (options.upstreamUrl) env.UPSTREAM_URL = options.upstreamUrl;
  Object.assign(env, options.env);
  let databasePath = env.EMBEDDED_API_DB as string;

  const stopAll = async () => {
    await Promise.all(children.map(stopChild));
    rmSync(directory, { recursive: true, force: true });
  };

  try {
    if (options.overHttp) {
      const upstreamPort = await freePort();
      databasePath = path.join(directory, "standalone-api.sqlite");
      const upstream = spawn(process.execPath, ["--import", "tsx", "embedded-api/standalone.ts"], {
        stdio: ["ignore", "ignore", "inherit"],
        env: { ...process.env, EMBEDDED_API_PORT: String(upstreamPort), EMBEDDED_API_DB: databasePath, NODE_ENV: "development" },
      });
      children.push(upstream);
      await waitFor(`http://127.0.0.1:${upstreamPort}/api/v1/anime/catalog/references/types`, upstream, Date.now() + 90_000);
      plantHostileUpstreamData(databasePath);
      upstreamOrigin = `http://127.0.0.1:${upstreamPort}`;
      env.UPSTREAM_URL = `${upstreamOrigin}/api/v1`;
    }
    const entry = options.cluster ? "server-cluster.js" : "server-main.js";
    const app = spawn(process.execPath, [`${process.env.BUILD_DIR ?? "build"}/${entry}`], {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, ...env },
    });
    children.push(app);
    readLog(app, log, options.overHttp ? upstreamFaults : [], options.echoErrors ?? false);
    await waitFor(`${origin}/healthz`, app, Date.now() + 90_000);
    if (!options.overHttp && !options.upstreamUrl) plantHostileUpstreamData(databasePath);
    return {
      name: options.name,
      port,
      pid: app.pid ?? 0,
      origin,
      host: `127.0.0.1:${port}`,
      trustsProxy: options.trustProxy,
      upstreamOrigin,
      databasePath,
      log,
      upstreamFaults,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** CPU time the process has used so far (Linux: utime + stime from /proc, in ticks of 10 ms); null elsewhere. */
export function cpuMilliseconds(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/**
 * Connections the server process still holds on its listening port (any TCP state but LISTEN), read from
 * /proc: the server's own view, which a client cannot see. Null where /proc is not available.
 */
export function serverConnections(pid: number, port: number): number | null {
  try {
    const inodes = new Set<string>();
    for (const descriptor of readdirSync(`/proc/${pid}/fd`)) {
      try {
        const socket = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${descriptor}`));
        if (socket) inodes.add(socket[1] as string);
      } catch {
        // closed while listing
      }
    }
    let count = 0;
    for (const table of ["tcp", "tcp6"]) {
      const lines = readFileSync(`/proc/${pid}/net/${table}`, "utf8").trim().split("\n").slice(1);
      for (const line of lines) {
        const fields = line.trim().split(/\s+/);
        const localPort = Number.parseInt(fields[1]?.split(":")[1] ?? "", 16);
        const state = fields[3];
        if (localPort === port && state !== "0A" && inodes.has(fields[9] ?? "")) count += 1;
      }
    }
    return count;
  } catch {
    return null;
  }
}

/** A process's resident memory in bytes (VmRSS from /proc); null where /proc is not available. */
export function residentBytes(pid: number): number | null {
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** The processes a process started (the cluster's workers), from /proc; empty where /proc is not available. */
export function childPids(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}
