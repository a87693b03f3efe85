// Starts the built production server for browser tests on a fresh embedded-API database.
// With E2E_UPSTREAM=http it first starts the embedded API as its own HTTP server and points UPSTREAM_URL at it,
// so the same pages run over the network path of the API client.
import { spawn } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { newVapidKeyPair } from "./lib/vapid-keys.mjs";

const port = Number(process.env.PORT ?? 4173);
const overHttp = process.env.E2E_UPSTREAM === "http";
const directory = path.resolve(".cache", `e2e-${port}`);
rmSync(directory, { recursive: true, force: true });
mkdirSync(directory, { recursive: true });
const children = [];

function start(command, args, env) {
  const child = spawn(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  children.push(child);
  child.on("exit", (code) => {
    for (const other of children) if (other !== child) other.kill("SIGTERM");
    process.exit(code ?? 0);
  });
  return child;
}

async function waitFor(url) {
  for (let attempt = 0; attempt < 240; attempt += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} never answered`);
}

const upstreamEnv = {};
if (overHttp) {
  const upstreamPort = port + 1000;
  start(process.execPath, ["--import", "tsx", "embedded-api/standalone.ts"], {
    EMBEDDED_API_PORT: String(upstreamPort),
    EMBEDDED_API_DB: path.join(directory, "standalone-api.sqlite"),
    NODE_ENV: "development",
  });
  await waitFor(`http://127.0.0.1:${upstreamPort}/api/v1/anime/catalog/references/types`);
  upstreamEnv.UPSTREAM_URL = `http://127.0.0.1:${upstreamPort}/api/v1`;
}

// A Web Push key pair of this run: the bell offers notifications (no test reaches a real push service).
const vapid = newVapidKeyPair();

start(process.execPath, [`${process.env.BUILD_DIR ?? "build"}/server-main.js`], {
  NODE_ENV: "production",
  // Production build, but with the embedded API's mailbox and social stand-in: the journeys need them.
  EMBEDDED_API_DEV_PAGES: "true",
  // Tests give each journey its own X-Forwarded-For, so parallel journeys don't share one rate-limit budget.
  TRUST_PROXY: "true",
  SESSION_SECRET: process.env.SESSION_SECRET ?? "e2e-session-secret-that-is-long-enough-0123456789",
  EMBEDDED_API_DB: path.join(directory, "embedded-api.sqlite"),
  NOTIFICATIONS_DB: path.join(directory, "notifications.sqlite"),
  // A new episode is seen within seconds, not a round of 30 s: the journeys of «С прошлого визита» wait for it.
  NOTIFICATION_ROUND_SECONDS: "2",
  VAPID_PUBLIC_KEY: vapid.publicKey,
  VAPID_PRIVATE_KEY: vapid.privateKey,
  ...upstreamEnv,
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => children.forEach((child) => child.kill(signal)));
