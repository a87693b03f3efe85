// No Docker engine runs here, so this proves the Dockerfile another way: it reads the Dockerfile and runs its
// stages in clean folders — COPY from the build context (minus .dockerignore) or an earlier stage, RUN in the
// stage's WORKDIR with its ENV, then starts CMD, waits for HEALTHCHECK to pass, and stops it with STOPSIGNAL.
// Steps that change the operating system (apt-get, user creation) are reported, not run: this machine has
// the toolchain already and the run is not isolated from it.
import { spawn, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const contextDir = process.cwd();
const root = mkdtempSync(path.join(tmpdir(), "dockerfile-dry-run-"));
const keep = process.argv.includes("--keep");
// Not 4190: fetch refuses that port (it is on the WHATWG bad-ports list).
const PORT = process.env.DRY_RUN_PORT ?? "4189";

function log(message) {
  console.log(`[dry-run] ${message}`);
}

function instructions(text) {
  const lines = text.replace(/\\\r?\n/g, " ").split(/\r?\n/);
  return lines
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => {
      const [keyword, ...rest] = line.split(/\s+/);
      return { keyword: keyword.toUpperCase(), args: rest.join(" ") };
    });
}

function ignoredBy(patterns) {
  const regexes = patterns.map((pattern) => new RegExp(`^${pattern.replace(/[.+^${}()|[\]\\]/g, "\\$&").replace(/\*/g, "[^/]*")}(/|$)`));
  return (relative) => regexes.some((regex) => regex.test(relative));
}

const isIgnored = ignoredBy(
  readFileSync(path.join(contextDir, ".dockerignore"), "utf8")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#")),
);

/** `COPY . dest`: the build context without what .dockerignore names. */
function copyContext(destination) {
  for (const entry of readdirSync(contextDir)) {
    if (isIgnored(entry)) continue;
    cpSync(path.join(contextDir, entry), path.join(destination, entry), {
      recursive: true,
      filter: (file) => !isIgnored(path.relative(contextDir, file)),
    });
  }
}

function jsonArray(args) {
  return JSON.parse(args);
}

const stages = new Map();
let stage;
let healthcheck = null;
let command = null;
let stopSignal = "SIGTERM";

for (const { keyword, args } of instructions(readFileSync(path.join(contextDir, "Dockerfile"), "utf8"))) {
  switch (keyword) {
    case "FROM": {
      const [image, , name] = args.split(/\s+/);
      stage = { name: name ?? image, rootDir: path.join(root, name ?? `stage-${stages.size}`), workdir: "/", env: {} };
      mkdirSync(stage.rootDir, { recursive: true });
      stages.set(stage.name, stage);
      log(`stage ${stage.name} (from ${image}; this machine runs Node ${process.version})`);
      break;
    }
    case "WORKDIR":
      stage.workdir = args;
      mkdirSync(path.join(stage.rootDir, args), { recursive: true });
      break;
    case "ENV":
      for (const pair of args.match(/[A-Z_]+=("[^"]*"|\S+)/g) ?? []) {
        const [key, ...value] = pair.split("=");
        stage.env[key] = value.join("=").replace(/^"|"$/g, "");
      }
      break;
    case "COPY": {
      const parts = args.split(/\s+/);
      const from = parts[0].startsWith("--from=") ? parts.shift().slice("--from=".length) : null;
      const destination = parts.pop();
      const target = path.join(stage.rootDir, destination.startsWith("/") ? destination : path.join(stage.workdir, destination));
      for (const source of parts) {
        if (from) {
          const origin = stages.get(from);
          cpSync(
            path.join(origin.rootDir, source),
            parts.length > 1 || destination.endsWith("/") ? path.join(target, path.basename(source)) : target,
            { recursive: true },
          );
        } else if (source === ".") {
          copyContext(target);
        } else {
          cpSync(
            path.join(contextDir, source),
            parts.length > 1 || destination.endsWith("/") ? path.join(target, path.basename(source)) : target,
            { recursive: true },
          );
        }
      }
      log(`COPY ${args}`);
      break;
    }
    case "RUN": {
      if (/apt-get|groupadd|useradd|chown/.test(args)) {
        log(`RUN (system step, not run here) ${args}`);
        break;
      }
      log(`RUN ${args}`);
      const started = Date.now();
      const result = spawnSync("bash", ["-c", args], {
        cwd: path.join(stage.rootDir, stage.workdir),
        env: { ...process.env, ...stage.env },
        stdio: ["ignore", "ignore", "inherit"],
      });
      if (result.status !== 0) throw new Error(`RUN failed (${result.status}): ${args}`);
      log(`  done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      break;
    }
    case "HEALTHCHECK":
      healthcheck = jsonArray(args.slice(args.indexOf("CMD") + 3).trim());
      break;
    case "CMD":
      command = jsonArray(args);
      break;
    case "STOPSIGNAL":
      stopSignal = args;
      break;
    default:
      log(`${keyword} ${args}`);
  }
}

const runtimeDir = path.join(stage.rootDir, stage.workdir);
const dataDir = path.join(root, "data");
mkdirSync(dataDir, { recursive: true });
const env = {
  ...process.env,
  ...stage.env,
  PORT,
  EMBEDDED_API_DB: path.join(dataDir, "embedded-api.sqlite"),
  SESSION_SECRET: "dockerfile-dry-run-session-secret-0123456789",
};
log(`runtime folder holds: ${readdirSync(runtimeDir).join(", ")}`);
log(`CMD ${command.join(" ")}`);
const server = spawn(command[0], command.slice(1), { cwd: runtimeDir, env, stdio: ["ignore", "ignore", "inherit"] });

let healthy = false;
const deadline = Date.now() + 60_000;
while (Date.now() < deadline && !healthy) {
  healthy = spawnSync(healthcheck[0], healthcheck.slice(1), { cwd: runtimeDir, env }).status === 0;
  if (!healthy) await new Promise((resolve) => setTimeout(resolve, 500));
}
if (!healthy) {
  server.kill("SIGKILL");
  throw new Error("HEALTHCHECK never passed");
}
log("HEALTHCHECK passed");
const page = await fetch(`http://127.0.0.1:${PORT}/anime/catalog/`);
log(`GET /anime/catalog/ → ${page.status}`);
// A request already accepted when the stop signal arrives must still be answered in full.
const inFlight = fetch(`http://127.0.0.1:${PORT}/`).then(
  async (response) => `${response.status} (${(await response.text()).length} bytes)`,
  (error) => `failed: ${error.cause?.code ?? error.message}`,
);
await new Promise((resolve) => setTimeout(resolve, 20));
const stopped = Date.now();
server.kill(stopSignal);
const exitCode = await new Promise((resolve) => server.on("exit", (code) => resolve(code)));
const inFlightResult = await inFlight;
log(`in-flight request during ${stopSignal} → ${inFlightResult}; exited with ${exitCode} after ${Date.now() - stopped} ms`);
if (!keep) rmSync(root, { recursive: true, force: true });
if (page.status !== 200 || exitCode !== 0 || !inFlightResult.startsWith("200")) process.exit(1);
log("the Dockerfile's steps build and start the app");
