// Starts the built production server twice for the request-level page checks, as the browser suite does
// (scripts/e2e-server.mjs): once with the embedded API in process, once with UPSTREAM_URL pointing at the embedded
// API served over HTTP. Each on a free port; both stopped when the run ends.
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { rmSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { freePort } from "../../support/real-servers";

declare module "vitest" {
  export interface ProvidedContext {
    pageServers: { inProcess: string; overHttp: string };
  }
}

const STARTUP_SECONDS = 120;

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

/** A free port whose +1000 neighbour (the over-HTTP server's own API port) is free too. */
async function freePortWithUpstreamRoom(): Promise<number> {
  for (;;) {
    const port = await freePort();
    if (port + 1000 > 65_535) continue;
    if (!(await answers(`http://127.0.0.1:${port + 1000}/`))) return port;
  }
}

type PageServerProcess = { url: string; port: number; child: ChildProcess };

async function startServer(overHttp: boolean): Promise<PageServerProcess> {
  const port = await freePortWithUpstreamRoom();
  const child = spawn(process.execPath, ["scripts/e2e-server.mjs"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, HOST: "127.0.0.1", PORT: String(port), ...(overHttp ? { E2E_UPSTREAM: "http" } : {}) },
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + STARTUP_SECONDS * 1000;
  while (!(await answers(`${url}/healthz`))) {
    if (child.exitCode !== null) throw new Error(`the page server exited with ${child.exitCode}: is the site built (npm run build)?`);
    if (Date.now() > deadline) throw new Error(`the page server did not answer in ${STARTUP_SECONDS} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { url, port, child };
}

/** Stops the server and removes its database folder (scripts/e2e-server.mjs keeps one per port; ours are random). */
async function stop({ child, port }: PageServerProcess): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = once(child, "exit");
    child.kill("SIGTERM");
    await exited;
  }
  rmSync(path.resolve(".cache", `e2e-${port}`), { recursive: true, force: true });
}

export default async function setup(project: TestProject) {
  const [inProcess, overHttp] = await Promise.all([startServer(false), startServer(true)]);
  project.provide("pageServers", { inProcess: inProcess.url, overHttp: overHttp.url });
  return async () => {
    await Promise.all([stop(inProcess), stop(overHttp)]);
  };
}
