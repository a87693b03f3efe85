// `npm test`: every check, with the independent ones side by side. The type check, lint and build share
// nothing, so they run together; the unit, adversarial, page and browser suites and the budget need the build.
// A parallel step's output is held back and printed whole when it ends, so the log reads step by step.
import { spawn } from "node:child_process";
import { performance } from "node:perf_hooks";

/** Each stage starts when the one before has passed; the steps of a stage run at the same time. */
const STAGES = [["typecheck", "lint", "build"], ["budget", "test:unit", "test:adversarial", "test:pages"], ["test:e2e"]];

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
      timings.push({ script, seconds, passed: code === 0 });
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

const started = performance.now();
let passed = true;
for (const stage of STAGES) {
  process.stdout.write(`\n════ ${stage.join(" + ")} ════\n`);
  const results = await Promise.all(
    stage.map((script) =>
      runStep(script, { streamOutput: stage.length === 1 }).then((ok) => {
        // One failure fails the run: the others in the stage are stopped rather than awaited.
        if (!ok) stopAll();
        return ok;
      }),
    ),
  );
  if (results.includes(false)) {
    passed = false;
    break;
  }
}

const total = (performance.now() - started) / 1000;
process.stdout.write("\nstep                 seconds  result\n");
for (const { script, seconds, passed: ok } of timings) {
  process.stdout.write(`${script.padEnd(20)} ${seconds.toFixed(1).padStart(7)}  ${ok ? "passed" : "FAILED"}\n`);
}
process.stdout.write(`${"npm test".padEnd(20)} ${total.toFixed(1).padStart(7)}  ${passed ? "passed" : "FAILED"}\n`);
process.exit(passed ? 0 : 1);
