// `npm test`: every check, each started as soon as the steps it needs have passed and a slot is free. The type check,
// lint and build need nothing; the unit, adversarial, page and budget steps need the build; the browser suite runs
// last, on its own. A step does not wait for unrelated ones (stages did: a whole stage waited for its slowest step
// while a core sat idle, decision 0269). A parallel step's output is held back and printed whole when it ends, so the
// log reads step by step.
import { spawn } from "node:child_process";
import { performance } from "node:perf_hooks";

/**
 * Each step and what must have passed before it starts, in the order free slots are given out (longest first).
 * The browser suite waits for everything: on two cores its timeouts are measured against a machine it has to itself.
 */
const STEPS = [
  { script: "lint", needs: [] },
  { script: "typecheck", needs: [] },
  { script: "build", needs: [] },
  { script: "test:unit", needs: ["build"] },
  { script: "test:adversarial:volume", needs: ["build"] },
  { script: "test:adversarial:requests", needs: ["build"] },
  { script: "test:pages", needs: ["build"] },
  { script: "budget", needs: ["build"] },
  {
    script: "test:e2e",
    needs: ["typecheck", "lint", "build", "test:adversarial:volume", "test:adversarial:requests", "test:unit", "test:pages", "budget"],
    streamOutput: true,
  },
];
/**
 * Steps running at once: the first three need nothing, and the build (the shortest) hands its slot on; four keeps
 * both cores busy while one step waits on a server or a timer, without queueing the suites behind each other.
 */
const MAX_RUNNING = Number(process.env.TEST_ALL_PARALLEL ?? 4);

const running = new Set();
const timings = [];

function runStep(script, { streamOutput }) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", script], { stdio: ["ignore", "pipe", "pipe"], detached: true });
    running.add(child);
    const chunks = [];
    const take = (stream, target) => stream.on("data", (chunk) => (streamOutput ? target.write(chunk) : chunks.push(chunk)));
    take(child.stdout, process.stdout);
    take(child.stderr, process.stderr);
    child.on("close", (code, signal) => {
      running.delete(child);
      const seconds = (performance.now() - started) / 1000;
      timings.push({ script, startedAt: (started - suiteStarted) / 1000, seconds, passed: code === 0 });
      if (!streamOutput) {
        process.stdout.write(`\n──── ${script} ────\n`);
        process.stdout.write(Buffer.concat(chunks));
      }
      process.stdout.write(
        `──── ${script}: ${code === 0 ? "passed" : `FAILED (${signal ?? `exit ${code}`})`} in ${seconds.toFixed(1)} s ────\n`,
      );
      resolve(code === 0);
    });
  });
}

function stopAll() {
  for (const child of running) {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // Already gone.
    }
  }
}

process.on("SIGINT", () => {
  stopAll();
  process.exit(130);
});

const suiteStarted = performance.now();
const passedSteps = new Set();
const waiting = [...STEPS];
let failed = false;

/** Starts every waiting step whose needs have passed, while slots are free; resolves when nothing is left to run. */
await new Promise((allDone) => {
  let active = 0;
  const startReady = () => {
    if (failed) {
      if (active === 0) allDone();
      return;
    }
    for (const step of [...waiting]) {
      if (active >= MAX_RUNNING) break;
      if (!step.needs.every((need) => passedSteps.has(need))) continue;
      waiting.splice(waiting.indexOf(step), 1);
      active += 1;
      process.stdout.write(`\n════ ${step.script} starts (${((performance.now() - suiteStarted) / 1000).toFixed(1)} s) ════\n`);
      runStep(step.script, { streamOutput: step.streamOutput ?? false }).then((ok) => {
        active -= 1;
        if (ok) passedSteps.add(step.script);
        else if (!failed) {
          // One failure fails the run: the others are stopped rather than awaited.
          failed = true;
          stopAll();
        }
        startReady();
      });
    }
    if (active === 0) allDone();
  };
  startReady();
});

const total = (performance.now() - suiteStarted) / 1000;
const nameWidth = Math.max(...STEPS.map((step) => step.script.length)) + 1;
process.stdout.write(`\n${"step".padEnd(nameWidth)} started  seconds  result\n`);
for (const { script, startedAt, seconds, passed: ok } of timings) {
  process.stdout.write(
    `${script.padEnd(nameWidth)} ${startedAt.toFixed(1).padStart(7)}  ${seconds.toFixed(1).padStart(7)}  ${ok ? "passed" : "FAILED"}\n`,
  );
}
const passed = !failed && waiting.length === 0;
process.stdout.write(
  `${"npm test".padEnd(nameWidth)} ${"".padStart(7)}  ${total.toFixed(1).padStart(7)}  ${passed ? "passed" : "FAILED"}\n`,
);
process.exit(passed ? 0 : 1);
