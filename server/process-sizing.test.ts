import { EVENT_STREAM_BUDGET_MB } from "../app/.server/event-streams.server";
import { describe, expect, it } from "vitest";
import { restartDelayMs } from "./cluster";
import {
  MINIMUM_OLD_SPACE_MB,
  PRIMARY_RESERVE_BYTES,
  WORKER_OVERHEAD_MB,
  cgroupCpuLimit,
  memoryLimitBytes,
  sizeWorkers,
  workerCount,
} from "./process-sizing";

const MB = 1024 * 1024;
const files = (contents: Record<string, string>) => (file: string) => contents[file] ?? null;

describe("cgroupCpuLimit", () => {
  it("reads the v2 quota as whole CPUs, at least one", () => {
    expect(cgroupCpuLimit(files({ "/sys/fs/cgroup/cpu.max": "200000 100000" }))).toBe(2);
    expect(cgroupCpuLimit(files({ "/sys/fs/cgroup/cpu.max": "150000 100000\n" }))).toBe(1);
    expect(cgroupCpuLimit(files({ "/sys/fs/cgroup/cpu.max": "50000 100000" }))).toBe(1);
  });

  it("has no limit for v2 'max', v1 -1, or no files", () => {
    expect(cgroupCpuLimit(files({ "/sys/fs/cgroup/cpu.max": "max 100000" }))).toBeNull();
    expect(
      cgroupCpuLimit(files({ "/sys/fs/cgroup/cpu/cpu.cfs_quota_us": "-1", "/sys/fs/cgroup/cpu/cpu.cfs_period_us": "100000" })),
    ).toBeNull();
    expect(cgroupCpuLimit(files({}))).toBeNull();
  });

  it("reads the v1 quota and period", () => {
    expect(
      cgroupCpuLimit(files({ "/sys/fs/cgroup/cpu/cpu.cfs_quota_us": "400000", "/sys/fs/cgroup/cpu/cpu.cfs_period_us": "100000" })),
    ).toBe(4);
    expect(
      cgroupCpuLimit(
        files({ "/sys/fs/cgroup/cpu,cpuacct/cpu.cfs_quota_us": "300000", "/sys/fs/cgroup/cpu,cpuacct/cpu.cfs_period_us": "100000" }),
      ),
    ).toBe(3);
  });
});

describe("memoryLimitBytes", () => {
  it("prefers MEMORY_LIMIT_BYTES, then cgroup v2, then v1", () => {
    const both = files({ "/sys/fs/cgroup/memory.max": "1073741824", "/sys/fs/cgroup/memory/memory.limit_in_bytes": "1" });
    expect(memoryLimitBytes({ MEMORY_LIMIT_BYTES: "536870912" }, both)).toBe(512 * MB);
    expect(memoryLimitBytes({}, both)).toBe(1024 * MB);
    expect(memoryLimitBytes({}, files({ "/sys/fs/cgroup/memory/memory.limit_in_bytes": "268435456" }))).toBe(256 * MB);
  });

  it("has no limit for 'max', v1's huge number, or no files", () => {
    expect(memoryLimitBytes({}, files({ "/sys/fs/cgroup/memory.max": "max" }))).toBeNull();
    expect(memoryLimitBytes({}, files({ "/sys/fs/cgroup/memory/memory.limit_in_bytes": "9223372036854771712" }))).toBeNull();
    expect(memoryLimitBytes({}, files({}))).toBeNull();
  });

  it("refuses a MEMORY_LIMIT_BYTES that is not a whole number", () => {
    expect(() => memoryLimitBytes({ MEMORY_LIMIT_BYTES: "512M" }, files({}))).toThrow(/MEMORY_LIMIT_BYTES/);
  });
});

describe("workerCount", () => {
  it("takes WEB_CONCURRENCY when set", () => {
    expect(workerCount({ WEB_CONCURRENCY: "3" }, 8, 2)).toBe(3);
  });

  it("takes the cores, capped by the CPU quota", () => {
    expect(workerCount({}, 8, null)).toBe(8);
    expect(workerCount({}, 8, 2)).toBe(2);
    expect(workerCount({}, 1, 4)).toBe(1);
  });

  it("refuses zero, negatives and words", () => {
    for (const value of ["0", "-2", "two", "1.5"])
      expect(() => workerCount({ WEB_CONCURRENCY: value }, 8, null)).toThrow(/WEB_CONCURRENCY/);
  });
});

describe("sizeWorkers", () => {
  it("leaves V8's defaults without a memory limit", () => {
    expect(sizeWorkers(4, null, false)).toEqual({ workers: 4, oldSpaceMb: null, execArgv: [] });
  });

  it("gives each worker its share of what the primary leaves", () => {
    const sizing = sizeWorkers(2, 512 * MB, false);
    expect(sizing.workers).toBe(2);
    expect(sizing.oldSpaceMb).toBe(Math.floor((512 * MB - PRIMARY_RESERVE_BYTES) / 2 / MB - WORKER_OVERHEAD_MB - EVENT_STREAM_BUDGET_MB));
    expect(sizing.oldSpaceMb).toBe(96);
    expect(sizing.execArgv).toContain(`--max-old-space-size=${sizing.oldSpaceMb}`);
  });

  it("runs fewer workers than cores when the limit cannot hold them all, unless WEB_CONCURRENCY asked", () => {
    const fewer = sizeWorkers(16, 512 * MB, false);
    expect(fewer.workers).toBe(2);
    expect(fewer.oldSpaceMb).toBeGreaterThanOrEqual(MINIMUM_OLD_SPACE_MB);
    const gigabyte = sizeWorkers(8, 1024 * MB, false);
    expect(gigabyte.workers).toBe(4);
    expect((gigabyte.oldSpaceMb ?? 0) + WORKER_OVERHEAD_MB + EVENT_STREAM_BUDGET_MB).toBeLessThanOrEqual(
      (1024 * MB - PRIMARY_RESERVE_BYTES) / 4 / MB,
    );
    expect(sizeWorkers(16, 512 * MB, true).workers).toBe(16);
  });
});

describe("restartDelayMs", () => {
  it("doubles with each failure in a row, up to half a minute", () => {
    expect([1, 2, 3, 4].map(restartDelayMs)).toEqual([250, 500, 1000, 2000]);
    expect(restartDelayMs(30)).toBe(30_000);
  });
});
