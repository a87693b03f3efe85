// Reads the account's lists and progress for the export file, and writes an import plan back to the upstream.
import { UpstreamNotFoundError, UpstreamValidationError } from "~/.server/api/errors";
import type { ApiCalls } from "~/.server/api/handle";
import type { ImportOutcome, ImportPlan } from "./data-file";

/** The upstream takes at most 500 entries per list call; smaller batches keep one bad entry's retry cheap. */
const BATCH_SIZE = 100;

export async function loadAccountData(api: ApiCalls) {
  const [favoriteIds, collections, timecodes] = await Promise.all([
    api.lists.favoriteIds(),
    api.lists.collectionIds(),
    api.timecodes.get(),
  ]);
  return { favoriteIds, collections, timecodes };
}

function isRejectedEntry(error: unknown): boolean {
  return error instanceof UpstreamValidationError || error instanceof UpstreamNotFoundError;
}

/**
 * Sends entries in batches. A file may name releases or episodes this site does not have, and the upstream
 * refuses a whole batch for one of them: such a batch is retried entry by entry and the unknown ones are skipped.
 */
async function sendAll<Entry>(entries: Entry[], send: (batch: Entry[]) => Promise<unknown>): Promise<{ sent: number; skipped: number }> {
  let sent = 0;
  let skipped = 0;
  for (let start = 0; start < entries.length; start += BATCH_SIZE) {
    const batch = entries.slice(start, start + BATCH_SIZE);
    try {
      await send(batch);
      sent += batch.length;
    } catch (error) {
      if (!isRejectedEntry(error)) throw error;
      for (const entry of batch) {
        try {
          await send([entry]);
          sent += 1;
        } catch (entryError) {
          if (!isRejectedEntry(entryError)) throw entryError;
          skipped += 1;
        }
      }
    }
  }
  return { sent, skipped };
}

export async function applyImport(api: ApiCalls, plan: ImportPlan): Promise<ImportOutcome> {
  const favorites = await sendAll(plan.favoritesToAdd, (batch) => api.lists.addFavorites(batch));
  const collections = await sendAll(plan.collectionsToSet, (batch) => api.lists.addToCollection(batch));
  const timecodes = await sendAll(plan.timecodesToSave, (batch) => api.timecodes.save(batch));
  return {
    favorites: favorites.sent,
    collections: collections.sent,
    timecodes: timecodes.sent,
    skipped: favorites.skipped + collections.skipped + timecodes.skipped,
  };
}
