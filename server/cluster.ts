// The production entry (`npm start`, the container): a node:cluster primary that runs one server worker
// (build/server-main.js) per core the container grants, sized for its memory limit, restarts a worker that dies,
// and on SIGTERM / SIGINT lets every worker finish its requests before exiting (decision 0190).
import cluster, { type Worker } from "node:cluster";
import { fileURLToPath } from "node:url";
import { CLUSTER_STATUS_MESSAGE, CLUSTER_STATUS_REQUEST, type ClusterStatus } from "../app/.server/cluster-health.server";
import { logError, logInfo } from "../app/.server/log.server";
import { isRelayMessage } from "../app/.server/cluster-relay.server";
import { memoryLimitBytes, sizeWorkers, workerCount } from "./process-sizing";
import { SHUTDOWN_GRACE_MS } from "./shutdown";

/** After the workers' own grace, the primary waits this much longer before it kills what is left. */
const PRIMARY_GRACE_MARGIN_MS = 3_000;
/** A worker that listened this long before dying counts as a fresh failure, not one of a crash loop. */
const STABLE_AFTER_MS = 30_000;
const RESTART_DELAY_MIN_MS = 250;
const RESTART_DELAY_MAX_MS = 30_000;

/** Wait before the next restart: doubles with each failure in a row, so a worker that cannot start is no fork storm. */
export function restartDelayMs(failuresInARow: number): number {
  return Math.min(RESTART_DELAY_MAX_MS, RESTART_DELAY_MIN_MS * 2 ** Math.max(0, failuresInARow - 1));
}

function startPrimary() {
  const explicitConcurrency = Boolean(process.env.WEB_CONCURRENCY);
  const limit = memoryLimitBytes();
  const sizing = sizeWorkers(workerCount(), limit, explicitConcurrency);
  cluster.setupPrimary({
    exec: fileURLToPath(new URL("./server-main.js", import.meta.url)),
    execArgv: [...process.execArgv, ...sizing.execArgv],
  });
  logInfo("cluster starting", {
    workers: sizing.workers,
    memoryLimitMb: limit === null ? null : Math.round(limit / 1024 / 1024),
    maxOldSpaceMb: sizing.oldSpaceMb,
  });

  const listening = new Set<Worker>();
  const listeningSince = new Map<Worker, number>();
  let failuresInARow = 0;
  let pendingRestarts = 0;
  let stopping = false;

  const status = (): ClusterStatus => ({
    type: CLUSTER_STATUS_MESSAGE,
    workersListening: listening.size,
    workersExpected: sizing.workers,
  });
  const tell = (worker: Worker) => {
    if (worker.isConnected()) worker.send(status());
  };
  const relayToAll = (message: unknown) => {
    for (const other of Object.values(cluster.workers ?? {})) if (other?.isConnected()) other.send(message as object);
  };
  const tellAll = () => Object.values(cluster.workers ?? {}).forEach((worker) => worker && tell(worker));

  const fork = () => {
    const worker = cluster.fork();
    worker.on("message", (message: { type?: unknown } | null) => {
      if (message?.type === CLUSTER_STATUS_REQUEST) tell(worker);
      // The workers' message bus (watch-together rooms): every worker hears every message, in the order they came.
      else if (isRelayMessage(message)) relayToAll(message);
    });
  };

  cluster.on("listening", (worker) => {
    listening.add(worker);
    listeningSince.set(worker, Date.now());
    tellAll();
  });

  cluster.on("exit", (worker, code, signal) => {
    const since = listeningSince.get(worker);
    listening.delete(worker);
    listeningSince.delete(worker);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        logInfo("cluster stopped");
        process.exit(0);
      }
      return;
    }
    tellAll();
    failuresInARow = since !== undefined && Date.now() - since > STABLE_AFTER_MS ? 1 : failuresInARow + 1;
    const delayMs = restartDelayMs(failuresInARow);
    logError("worker exited; starting another", { worker: worker.id, code, signal, restartInMs: delayMs });
    pendingRestarts += 1;
    setTimeout(() => {
      pendingRestarts -= 1;
      if (!stopping) fork();
    }, delayMs);
  });

  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logInfo("cluster shutting down", { signal, workers: Object.keys(cluster.workers ?? {}).length, pendingRestarts });
    const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => Boolean(worker));
    if (workers.length === 0) process.exit(0);
    // Each worker stops accepting, finishes its requests within SHUTDOWN_GRACE_MS and exits (server/main.ts).
    for (const worker of workers) worker.process.kill("SIGTERM");
    setTimeout(() => {
      logError("workers did not stop in time; killing them", { graceMs: SHUTDOWN_GRACE_MS });
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGKILL");
      process.exit(1);
    }, SHUTDOWN_GRACE_MS + PRIMARY_GRACE_MARGIN_MS).unref();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));

  for (let index = 0; index < sizing.workers; index += 1) fork();
}

if (cluster.isPrimary && process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    startPrimary();
  } catch (error) {
    logError("cluster failed to start", { error });
    process.exit(1);
  }
}
