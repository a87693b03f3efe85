// Imported files are checked a slice at a time, so a large one does not hold the worker (decision 0249).
import type { z } from "zod";
import { nextTurn } from "~/.server/event-loop.server";

/** Entries validated per turn of the event loop: 20,000 at once held a worker for 0.3–0.6 s on a busy machine. */
const ENTRIES_PER_TURN = 1_000;

/** The entries as `schema` reads them, checked a slice per turn; or the position (from 0) of the first it refuses. */
export async function validInTurns<Schema extends z.ZodTypeAny>(
  schema: Schema,
  entries: unknown[],
): Promise<{ valid: z.output<Schema>[] } | { invalidAt: number }> {
  const valid: z.output<Schema>[] = [];
  for (let start = 0; start < entries.length; start += ENTRIES_PER_TURN) {
    await nextTurn();
    for (const [offset, entry] of entries.slice(start, start + ENTRIES_PER_TURN).entries()) {
      const parsed = schema.safeParse(entry);
      if (!parsed.success) return { invalidAt: start + offset };
      valid.push(parsed.data);
    }
  }
  return { valid };
}
