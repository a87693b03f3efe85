// Loaded with `--import` into each server process of an attack that asks whether work holds a worker's event loop.
// A timer every 20 ms reads the CPU time of the process's main thread alone (Linux: /proc/self/task/<pid>/stat, in
// ticks of 10 ms). The CPU spent between two of its turns is the work of one turn of the loop, which nothing else on
// that worker gets past. Unlike the wall time a client waits, it does not grow when other processes take the cores:
// a loaded machine makes the timer late, not the stretch long. Each stretch of 50 ms or more is appended as one JSON
// line to MAIN_THREAD_STRETCHES_FILE: { pid, endedAt (epoch ms), cpuMs, wallMs }.
import { appendFileSync, readFileSync } from "node:fs";

const file = process.env.MAIN_THREAD_STRETCHES_FILE;
const TURN_MS = 20;
const RECORDED_FROM_MS = 50;
const MS_PER_TICK = 10;
const statPath = `/proc/self/task/${process.pid}/stat`;

/** utime + stime of the main thread: the 12th and 13th fields after the command's closing parenthesis. */
function mainThreadCpuMs() {
  const stat = readFileSync(statPath, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK;
}

if (file) {
  let lastCpuMs = mainThreadCpuMs();
  let lastAt = Date.now();
  setInterval(() => {
    const cpuMs = mainThreadCpuMs();
    const at = Date.now();
    if (cpuMs - lastCpuMs >= RECORDED_FROM_MS) {
      appendFileSync(file, `${JSON.stringify({ pid: process.pid, endedAt: at, cpuMs: cpuMs - lastCpuMs, wallMs: at - lastAt })}\n`);
    }
    lastCpuMs = cpuMs;
    lastAt = at;
  }, TURN_MS).unref();
}
