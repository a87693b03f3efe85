// Many requests of one kind, a few at a time, within a deadline: what a volume attack sends and how it tallies
// the answers. Loopback only, like the rest of the suite.

export interface FloodTally {
  sent: number;
  /** How many answers had each status (0: no answer — a reset or a refused connection). */
  statuses: Map<number, number>;
  /** True when the deadline stopped the flood before every request went out. */
  cutShort: boolean;
  seconds: number;
}

/** Runs `task(index)` `count` times, at most `concurrency` at once, starting none after `deadlineMs`. */
export async function flood(
  count: number,
  { concurrency, deadlineMs }: { concurrency: number; deadlineMs: number },
  task: (index: number) => Promise<number>,
): Promise<FloodTally> {
  const started = performance.now();
  const statuses = new Map<number, number>();
  let next = 0;
  let cutShort = false;
  const worker = async () => {
    for (;;) {
      if (next >= count) return;
      if (performance.now() - started > deadlineMs) {
        cutShort = true;
        return;
      }
      const index = next;
      next += 1;
      let status = 0;
      try {
        status = await task(index);
      } catch {
        status = 0;
      }
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { sent: next, statuses, cutShort, seconds: (performance.now() - started) / 1000 };
}

/** "200 × 20, 429 × 2,980" */
export function describeStatuses(statuses: Map<number, number>): string {
  return [...statuses]
    .sort(([a], [b]) => a - b)
    .map(([status, times]) => `${status === 0 ? "no answer" : status} × ${times.toLocaleString("en-US")}`)
    .join(", ");
}
