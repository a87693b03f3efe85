// How many workers the production server runs and how large each one's V8 heap may grow, from what the container
// really grants (its cgroup CPU quota and memory limit), not from the host's cores and RAM (decision 0190).
import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { EVENT_STREAM_BUDGET_MB } from "../app/.server/event-streams.server";

const MEGABYTE = 1024 * 1024;
/** cgroup v1 writes "no limit" as a huge page-rounded number (9223372036854771712); anything above 2^60 is none. */
const CGROUP_V1_UNLIMITED = 2 ** 60;
/** What the primary itself takes (it loads no app code): kept out of the workers' share. */
export const PRIMARY_RESERVE_BYTES = 48 * MEGABYTE;
/**
 * What a worker holds besides V8's old space, measured under the bench's load run (50 connections, page cache off):
 * about 80 MB of RSS outside V8's heap (Node itself, the build's modules, SQLite's page cache and mapped pages,
 * sockets' buffers) and up to 48 MB of young generation (V8 counts three semi-spaces of SEMI_SPACE_MB in its heap
 * limit). Decision 0192.
 */
export const WORKER_OVERHEAD_MB = 128;
/**
 * The work needs about 30 MB of old space live under that load; below this much V8 spends its time collecting.
 * With less per worker, fewer workers run.
 */
export const MINIMUM_OLD_SPACE_MB = 96;
const SEMI_SPACE_MB = 16;

type ReadFile = (file: string) => string | null;

const readCgroupFile: ReadFile = (file) => {
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    return null;
  }
};

/** CPUs the cgroup's quota grants (whole CPUs, at least 1), or null when there is no quota. */
export function cgroupCpuLimit(read: ReadFile = readCgroupFile): number | null {
  const v2 = read("/sys/fs/cgroup/cpu.max");
  if (v2 !== null) {
    const [quota, period] = v2.split(/\s+/);
    return cpusFromQuota(Number(quota), Number(period));
  }
  const quota = read("/sys/fs/cgroup/cpu/cpu.cfs_quota_us") ?? read("/sys/fs/cgroup/cpu,cpuacct/cpu.cfs_quota_us");
  const period = read("/sys/fs/cgroup/cpu/cpu.cfs_period_us") ?? read("/sys/fs/cgroup/cpu,cpuacct/cpu.cfs_period_us");
  if (quota === null || period === null) return null;
  return cpusFromQuota(Number(quota), Number(period));
}

function cpusFromQuota(quota: number, period: number): number | null {
  // "max" (v2) and -1 (v1) mean no quota; both parse to NaN or a negative number here.
  if (!Number.isFinite(quota) || !Number.isFinite(period) || quota <= 0 || period <= 0) return null;
  // A fraction of a CPU left over is not worth a worker of its own: it would only be throttled.
  return Math.max(1, Math.floor(quota / period));
}

/** The container's memory limit in bytes, or null when there is none. MEMORY_LIMIT_BYTES stands in for it. */
export function memoryLimitBytes(env: Record<string, string | undefined> = process.env, read: ReadFile = readCgroupFile): number | null {
  if (env.MEMORY_LIMIT_BYTES !== undefined && env.MEMORY_LIMIT_BYTES !== "") {
    return positiveInteger(env.MEMORY_LIMIT_BYTES, "MEMORY_LIMIT_BYTES");
  }
  const v2 = read("/sys/fs/cgroup/memory.max");
  if (v2 !== null) return v2 === "max" ? null : limitOrNull(Number(v2));
  const v1 = read("/sys/fs/cgroup/memory/memory.limit_in_bytes");
  return v1 === null ? null : limitOrNull(Number(v1));
}

function limitOrNull(bytes: number): number | null {
  return Number.isFinite(bytes) && bytes > 0 && bytes < CGROUP_V1_UNLIMITED ? bytes : null;
}

function positiveInteger(value: string, name: string): number {
  if (!/^\d+$/.test(value.trim()) || Number(value) < 1) {
    throw new Error(`${name} must be a whole number of at least 1, not "${value}"`);
  }
  return Number(value);
}

/** WEB_CONCURRENCY when set, else the cores available to this process capped by the cgroup's CPU quota. */
export function workerCount(
  env: Record<string, string | undefined> = process.env,
  cores = availableParallelism(),
  cpuLimit = cgroupCpuLimit(),
): number {
  if (env.WEB_CONCURRENCY !== undefined && env.WEB_CONCURRENCY !== "") return positiveInteger(env.WEB_CONCURRENCY, "WEB_CONCURRENCY");
  return Math.max(1, Math.min(cores, cpuLimit ?? cores));
}

export type WorkerSizing = { workers: number; oldSpaceMb: number | null; execArgv: string[] };

/**
 * Each worker's V8 flags for a memory limit: the old space may fill its share of what the primary leaves, less
 * WORKER_OVERHEAD_MB and what its event streams may hold outside V8's heap (EVENT_STREAM_BUDGET_MB, decision 0279:
 * their queues are bounded in bytes, so the budget is a bound, not an estimate). Without a limit V8 keeps its own defaults. When the shares are too small for
 * MINIMUM_OLD_SPACE_MB, fewer workers run (an explicit WEB_CONCURRENCY is kept: the operator asked for it).
 */
export function sizeWorkers(requested: number, limitBytes: number | null, explicit: boolean): WorkerSizing {
  if (limitBytes === null) return { workers: requested, oldSpaceMb: null, execArgv: [] };
  const usableMb = Math.max(0, limitBytes - PRIMARY_RESERVE_BYTES) / MEGABYTE;
  const fitting = Math.max(1, Math.floor(usableMb / (WORKER_OVERHEAD_MB + EVENT_STREAM_BUDGET_MB + MINIMUM_OLD_SPACE_MB)));
  const workers = explicit ? requested : Math.min(requested, fitting);
  const oldSpaceMb = Math.max(MINIMUM_OLD_SPACE_MB / 2, Math.floor(usableMb / workers - WORKER_OVERHEAD_MB - EVENT_STREAM_BUDGET_MB));
  return {
    workers,
    oldSpaceMb,
    execArgv: [`--max-old-space-size=${oldSpaceMb}`, `--max-semi-space-size=${SEMI_SPACE_MB}`],
  };
}
