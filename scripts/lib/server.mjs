// Starts the built production server on a fresh embedded-API database, for scripts that measure it.
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const CLOCK_TICKS_PER_SECOND = Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim()) || 100;

/** User + system CPU milliseconds the process has used so far (fields 14 and 15 of /proc/<pid>/stat; Linux). */
export function cpuMilliseconds(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** The full browser, as a person runs it: the bench's Lighthouse and first-frame rows. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
/**
 * Debian's headless shell of the same Chromium (package chromium-headless-shell), which the browser tests and the
 * budget drive: the same Blink, V8 and media stack without the full browser's window and GPU processes, which cost
 * about as much CPU as the pages themselves (decision 0275).
 */
export const HEADLESS_SHELL_PATH = process.env.CHROMIUM_HEADLESS_SHELL_PATH || "/usr/bin/chromium-headless-shell";
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];
// Headless Chromium announces itself as "HeadlessChrome", which bot detection rightly flags; people's browsers do not.
export const PERSON_USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";

async function waitForHealth(url, deadline) {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not become healthy at ${url}`);
}

/** The pids of a process's children (the cluster primary's workers). */
export function childPids(pid) {
  try {
    return execFileSync("ps", ["-o", "pid=", "--ppid", String(pid)])
      .toString()
      .split("\n")
      .map((line) => Number(line.trim()))
      .filter((child) => child > 0);
  } catch {
    return []; // ps exits 1 when there are none
  }
}

/**
 * With `captureStderr`, the server's stderr (its error-level log lines) is kept for `stderr()` instead of shown.
 * With `cluster`, the production entry runs (build/server-cluster.js: a primary and its workers, decision 0190)
 * instead of one server process; `workerPids()` lists the workers. `nodeArguments` go to node before the entry (ones
 * NODE_OPTIONS refuses, such as --cpu-prof). `buildDir` is the build to start: BUILD_DIR, else `build`.
 * @param {{ port: number, env?: Record<string, string>, captureStderr?: boolean, cluster?: boolean, nodeArguments?: string[], buildDir?: string }} options
 * @returns {Promise<{ baseUrl: string, pid: number, workerPids: () => number[], exited: Promise<number | null>, stderr: () => string, stop: () => Promise<void> }>}
 */
export async function startServer({
  port,
  env = {},
  captureStderr = false,
  cluster = false,
  nodeArguments = [],
  buildDir = process.env.BUILD_DIR ?? "build",
}) {
  const dataDirectory = mkdtempSync(path.join(tmpdir(), "anilibria-measure-"));
  const entry = cluster ? "server-cluster.js" : "server-main.js";
  const child = spawn(process.execPath, [...nodeArguments, `${buildDir}/${entry}`], {
    stdio: ["ignore", "ignore", captureStderr ? "pipe" : "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      // The server finds its build's modules by BUILD_DIR (server/main.ts), not by where its entry is.
      BUILD_DIR: buildDir,
      PORT: String(port),
      SESSION_SECRET: "measurement-session-secret-0123456789abcdef",
      EMBEDDED_API_DB: path.join(dataDirectory, "embedded-api.sqlite"),
      ...env,
    },
  });
  let stderr = "";
  child.stderr?.on("data", (chunk) => (stderr += chunk.toString("utf8")));
  // 127.0.0.1, not localhost: Node resolves localhost to ::1 first and the server listens on IPv4.
  const baseUrl = `http://127.0.0.1:${port}`;
  const exited = new Promise((resolve) => child.on("exit", resolve));
  try {
    await waitForHealth(`${baseUrl}/healthz`, Date.now() + 90_000);
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }
  return {
    baseUrl,
    pid: child.pid,
    workerPids: () => (cluster ? childPids(child.pid) : [child.pid]),
    exited,
    stderr: () => stderr,
    async stop() {
      child.kill("SIGTERM");
      await exited;
      rmSync(dataDirectory, { recursive: true, force: true });
    },
  };
}

/** A real release alias and genre id from the running site, for the routes that take parameters. */
export async function discoverParameters(baseUrl) {
  const releases = await (await fetch(`${baseUrl}/api/v1/anime/releases/latest?limit=1`)).json();
  const release = (Array.isArray(releases) ? releases : releases.data)?.[0];
  const genres = await (await fetch(`${baseUrl}/api/v1/anime/catalog/references/genres`)).json();
  const genre = (Array.isArray(genres) ? genres : genres.data)?.[0];
  return { alias: release?.alias ?? null, releaseId: release?.id ?? null, genreId: genre?.id ?? null };
}

/** A session cookie of the demo account (the server runs with its dev pages on), through the sign-in form. */
export async function signInAsDemo(baseUrl) {
  const response = await fetch(`${baseUrl}/app/auth/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: baseUrl, "Content-Type": "application/x-www-form-urlencoded", "User-Agent": PERSON_USER_AGENT },
    body: new URLSearchParams({ login: "demo", password: "demo-password", redirectTo: "/" }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  if (!cookie) throw new Error(`Signing in as the demo account failed (${response.status})`);
  return cookie;
}
