// Debian's redis-server and nginx for the tests of the multi-replica deployment (decision 0180, 0181): each
// runs as the current user in its own temporary directory, on a port of the test's choosing.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { connect, createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * The program's path, or null when it is not installed. On CI (`CI` or `REQUIRE_REAL_SERVERS` set, as `.ci/run`
 * does) a missing program fails the run: `.ci/run` installs it, so its absence is a broken setup, not a reason to skip.
 */
export function installedProgram(name: string, candidates: string[]): string | null {
  const found = candidates.find((candidate) => existsSync(candidate));
  if (found) return found;
  const which = spawnSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" });
  const onPath = which.status === 0 ? which.stdout.trim() : "";
  if (onPath) return onPath;
  if (process.env.CI || process.env.REQUIRE_REAL_SERVERS)
    throw new Error(`${name} is not installed: .ci/run installs it (apt-get install ${name === "nginx" ? "nginx" : "redis-server"})`);
  return null;
}

export const REDIS_SERVER = installedProgram("redis-server", ["/usr/bin/redis-server"]);
export const NGINX = installedProgram("nginx", ["/usr/sbin/nginx"]);

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, "close");
  return port;
}

async function answersOn(port: number, probe: string, expected: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    let answer = "";
    socket.setTimeout(1_000, () => socket.destroy());
    socket.on("connect", () => socket.write(probe));
    socket.on("data", (chunk: Buffer) => {
      answer += chunk.toString("utf8");
      if (answer.includes(expected)) socket.destroy();
    });
    socket.on("close", () => resolve(answer.includes(expected)));
    socket.on("error", () => resolve(false));
  });
}

async function waitUntil(check: () => Promise<boolean>, what: string, child: ChildProcess, seconds = 20): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} did not start in ${seconds} s`);
}

export type RunningProgram = { port: number; child: ChildProcess; stop(): Promise<void> };

/** Stops the program with `signal` (nginx's master must stop its workers itself: SIGKILL would orphan them). */
function stopper(child: ChildProcess, directory: string, signal: NodeJS.Signals) {
  return async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = once(child, "exit");
      child.kill(signal);
      await exited;
    }
    rmSync(directory, { recursive: true, force: true });
  };
}

/** A leftover server on the port would answer the readiness probe in the new one's place. */
async function requireFreePort(port: number, what: string): Promise<void> {
  const inUse = await new Promise<boolean>((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.on("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.on("error", () => resolve(false));
  });
  if (inUse) throw new Error(`${what}: port ${port} is already in use`);
}

/** redis-server on `port`, nothing saved to disk; `stop` kills it as a crash would (SIGKILL). */
export async function startRedis(port: number): Promise<RunningProgram & { url: string }> {
  if (!REDIS_SERVER) throw new Error("redis-server is not installed");
  await requireFreePort(port, "redis-server");
  const directory = mkdtempSync(path.join(tmpdir(), "anilibria-redis-"));
  const child = spawn(
    REDIS_SERVER,
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", directory, "--loglevel", "warning"],
    { stdio: ["ignore", "ignore", "inherit"] },
  );
  await waitUntil(() => answersOn(port, "PING\r\n", "+PONG"), "redis-server", child);
  return { port, url: `redis://127.0.0.1:${port}`, child, stop: stopper(child, directory, "SIGKILL") };
}

/** nginx in the foreground as the current user, with the configuration `writeConfig` writes into its directory (it returns the file's path). */
export async function startNginx(
  port: number,
  writeConfig: (directory: string) => string,
): Promise<RunningProgram & { directory: string; errors: () => string }> {
  if (!NGINX) throw new Error("nginx is not installed");
  await requireFreePort(port, "nginx");
  const directory = mkdtempSync(path.join(tmpdir(), "anilibria-nginx-"));
  const configPath = writeConfig(directory);
  const child = spawn(NGINX, ["-p", directory, "-c", configPath, "-e", path.join(directory, "error.log")], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let errors = "";
  child.stderr?.on("data", (chunk: Buffer) => (errors += chunk.toString("utf8")));
  try {
    await waitUntil(() => answersOn(port, "GET /healthz HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n", "HTTP/1.1"), "nginx", child);
  } catch (error) {
    child.kill("SIGKILL");
    throw new Error(`${(error as Error).message}\n${errors}`);
  }
  return { port, child, directory, errors: () => errors, stop: stopper(child, directory, "SIGTERM") };
}
