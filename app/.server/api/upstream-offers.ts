// Calls the live API added after the June 2025 document (recommendations, per-release timecodes, the VAST list): an
// older upstream answers them 404. The first 404 sends the call to today's way of getting the same data, and the
// process remembers for a while that this upstream lacks it, so later pages do not pay a round trip to learn it
// again (docs/decisions/0253-live-api-calls-with-the-older-way-as-fallback.md).
import { UpstreamNotFoundError } from "./errors";

/** Long enough to spare the calls, short enough that an upgraded upstream is used soon. */
export const MISSING_REMEMBERED_MS = 10 * 60_000;

export type NewerCall = "recommended" | "release timecodes" | "media vasts";

// One entry per kind of call (three): the bound is the union above, nothing else is stored.
const missingUntil = new Map<NewerCall, number>();

/**
 * `newer()` when the upstream may offer it, else (and on its 404) `older()`. A 404 that `newer()` means as "no such
 * release" cannot be told from a missing path, so it too falls back once; the older call answers that case itself.
 */
export async function preferNewerCall<Value>(
  call: NewerCall,
  newer: () => Promise<Value>,
  older: () => Promise<Value>,
  now: () => number = Date.now,
): Promise<Value> {
  const until = missingUntil.get(call);
  if (until !== undefined && until > now()) return older();
  try {
    return await newer();
  } catch (error) {
    if (!(error instanceof UpstreamNotFoundError)) throw error;
    missingUntil.set(call, now() + MISSING_REMEMBERED_MS);
    return older();
  }
}

/** Tests: forget what was learnt about the upstream. */
export function forgetMissingCalls(): void {
  missingUntil.clear();
}
