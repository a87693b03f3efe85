// Reads the account's lists and progress for the export file, and merges an imported file into the account.
import { UpstreamNotFoundError, UpstreamValidationError } from "~/.server/api/errors";
import type { ApiCalls } from "~/.server/api/handle";
import { nextTurn } from "~/.server/event-loop.server";
import { logWarn } from "~/.server/log.server";
import type { TimecodeEntry } from "~/domain/account";
import { planImport, progressAhead, type ExportFile, type ImportOptions, type ImportOutcome } from "./data-file";

/**
 * Entries per list call. Over HTTP, the most the upstream takes in one (the live server and the embedded API alike):
 * the work is the upstream's and this process only waits. In-process the embedded API's work runs on this thread
 * between two turns of the event loop, so batches are smaller to keep each stretch short.
 */
const BATCH_SIZE = { overHttp: 500, inProcess: 50 } as const;
/** How far the upstream's clock may lag ours when the import asks for the timecodes changed since its last read. */
const CLOCK_SKEW_MS = 2_000;

export async function loadAccountData(api: ApiCalls) {
  const [favoriteIds, collections, timecodes] = await Promise.all([
    api.lists.favoriteIds(),
    api.lists.collectionIds(),
    api.timecodes.get(),
  ]);
  return { favoriteIds, collections, timecodes };
}

type Sent = { sent: number; skipped: number };

function isRejectedEntry(error: unknown): error is UpstreamValidationError | UpstreamNotFoundError {
  return error instanceof UpstreamValidationError || error instanceof UpstreamNotFoundError;
}

/** The batch positions a refusal names: Laravel's field errors of a list body are keyed `"3.release_id"`. */
function refusedPositions(error: UpstreamValidationError | UpstreamNotFoundError, batchSize: number): Set<number> {
  const positions = new Set<number>();
  if (!(error instanceof UpstreamValidationError)) return positions;
  for (const field of Object.keys(error.fieldErrors)) {
    const position = Number(/^(\d+)\./.exec(field)?.[1]);
    if (Number.isInteger(position) && position < batchSize) positions.add(position);
  }
  return positions;
}

/**
 * One batch in at most two calls. A file may name releases or episodes this site does not have, and the upstream
 * refuses the whole batch for them, naming each: the batch is sent again without those. A refusal that names none
 * (or a second refusal) skips the batch rather than probing it entry by entry — that cost one call per entry.
 */
async function sendBatch<Entry>(batch: Entry[], send: (batch: Entry[]) => Promise<unknown>): Promise<Sent> {
  try {
    await send(batch);
    return { sent: batch.length, skipped: 0 };
  } catch (error) {
    if (!isRejectedEntry(error)) throw error;
    const refused = refusedPositions(error, batch.length);
    const accepted = batch.filter((_, position) => !refused.has(position));
    if (refused.size === 0) logWarn("data import: a batch was refused without naming its entries; skipped whole", { error });
    if (refused.size === 0 || accepted.length === 0) return { sent: 0, skipped: batch.length };
    await nextTurn();
    try {
      await send(accepted);
      return { sent: accepted.length, skipped: refused.size };
    } catch (retryError) {
      if (!isRejectedEntry(retryError)) throw retryError;
      return { sent: 0, skipped: batch.length };
    }
  }
}

function added(total: Sent, more: Sent): Sent {
  return { sent: total.sent + more.sent, skipped: total.skipped + more.skipped };
}

/** Sends `entries` in batches, a turn of the event loop between calls; `prepare` may narrow a batch just before it goes. */
async function sendAll<Entry>(
  batchSize: number,
  entries: Entry[],
  send: (batch: Entry[]) => Promise<unknown>,
  prepare: (batch: Entry[]) => Promise<Entry[]> = async (batch) => batch,
): Promise<Sent> {
  let total: Sent = { sent: 0, skipped: 0 };
  for (let start = 0; start < entries.length; start += batchSize) {
    await nextTurn();
    const batch = await prepare(entries.slice(start, start + batchSize));
    if (batch.length > 0) total = added(total, await sendBatch(batch, send));
  }
  return total;
}

/**
 * Keeps "the greater time wins" while the player may be saving: just before each batch the timecodes changed since
 * the previous read are read again, and only entries still ahead of what is saved go, asking the upstream to keep
 * the greater time itself (the embedded API does so in the same write; a server that ignores the request leaves a
 * window of one call between that read and the write).
 */
function progressAheadOfSaved(api: ApiCalls, savedAtRead: TimecodeEntry[], readAt: number) {
  const saved = new Map(savedAtRead.map((entry) => [entry.releaseEpisodeId, entry]));
  let lastRead = readAt;
  return async (batch: TimecodeEntry[]): Promise<TimecodeEntry[]> => {
    const now = Date.now();
    for (const entry of await api.timecodes.get(new Date(lastRead - CLOCK_SKEW_MS).toISOString())) saved.set(entry.releaseEpisodeId, entry);
    lastRead = now;
    return batch.flatMap((entry) => progressAhead(saved.get(entry.releaseEpisodeId), entry) ?? []);
  };
}

/** Merges a file into the account: nothing is removed, unknown entries are counted, progress is never lowered. */
export async function importAccountData(api: ApiCalls, file: ExportFile, options: ImportOptions = {}): Promise<ImportOutcome> {
  const readAt = Date.now();
  const account = await loadAccountData(api);
  const plan = planImport(account, file, options);
  const batchSize = api.context.upstream.embedded ? BATCH_SIZE.inProcess : BATCH_SIZE.overHttp;
  const favorites = await sendAll(batchSize, plan.favoritesToAdd, (batch) => api.lists.addFavorites(batch));
  const collections = await sendAll(batchSize, plan.collectionsToSet, (batch) => api.lists.addToCollection(batch));
  const timecodes = await sendAll(
    batchSize,
    plan.timecodesToSave,
    (batch) => api.timecodes.save(batch, { keepGreater: true }),
    progressAheadOfSaved(api, account.timecodes, readAt),
  );
  return {
    favorites: favorites.sent,
    collections: collections.sent,
    timecodes: timecodes.sent,
    skipped: favorites.skipped + collections.skipped + timecodes.skipped,
  };
}
