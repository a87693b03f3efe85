// `npm start`: builds when the sources are newer than the build, then serves the production server: the cluster
// primary (build/server-cluster.js), one worker per core the machine or container grants (WEB_CONCURRENCY overrides).
// On a machine without SESSION_SECRET it makes one and keeps it in ./data, so sign-ins survive restarts; without
// VAPID keys, a Web Push key pair the same way, so devices stay subscribed across restarts (decision 0284).
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { newVapidKeyPair } from "./lib/vapid-keys.mjs";

const SOURCES = [
  "app",
  "server",
  "embedded-api",
  "public",
  "package.json",
  "vite.config.ts",
  "remix.config.js",
  "tailwind.config.ts",
  "postcss.config.js",
];
const BUILD_DIRECTORY = process.env.BUILD_DIR ?? "build";
const BUILD_OUTPUTS = [
  `${BUILD_DIRECTORY}/server/index.js`,
  `${BUILD_DIRECTORY}/server/server-hooks.js`,
  `${BUILD_DIRECTORY}/server-main.js`,
  `${BUILD_DIRECTORY}/server-cluster.js`,
];

function newestModification(entry) {
  if (!existsSync(entry)) return 0;
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = 0;
  for (const child of readdirSync(entry)) {
    if (child === "node_modules" || (child.startsWith(".") && child !== ".server")) continue;
    newest = Math.max(newest, newestModification(path.join(entry, child)));
  }
  return newest;
}

function buildIsCurrent() {
  if (!BUILD_OUTPUTS.every((output) => existsSync(output))) return false;
  const builtAt = Math.min(...BUILD_OUTPUTS.map((output) => statSync(output).mtimeMs));
  return SOURCES.every((source) => newestModification(source) <= builtAt);
}

function sessionSecret() {
  if (process.env.SESSION_SECRET) return process.env.SESSION_SECRET;
  const file = path.join("data", "session-secret");
  if (!existsSync(file)) {
    mkdirSync("data", { recursive: true });
    writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600 });
    console.log(`No SESSION_SECRET set: generated one in ${file} for this machine.`);
  }
  return readFileSync(file, "utf8").trim();
}

/** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY from the environment, else from ./data (made on the first start). */
function vapidKeys() {
  if (process.env.VAPID_PUBLIC_KEY || process.env.VAPID_PRIVATE_KEY) return {};
  const file = path.join("data", "vapid-keys.json");
  if (!existsSync(file)) {
    const { publicKey, privateKey } = newVapidKeyPair();
    const keys = { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey };
    mkdirSync("data", { recursive: true });
    writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
    console.log(`No VAPID keys set: generated a Web Push key pair in ${file} for this machine.`);
  }
  const { VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY } = JSON.parse(readFileSync(file, "utf8"));
  return { VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY };
}

if (!buildIsCurrent()) {
  console.log("Building the app…");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(process.execPath, [`${BUILD_DIRECTORY}/server-cluster.js`], {
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? "production", SESSION_SECRET: sessionSecret(), ...vapidKeys() },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
