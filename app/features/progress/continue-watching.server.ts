// For the home page: the signed-in user's releases with an unfinished episode, newest first.
import type { ApiHandle } from "~/.server/api/handle";
import { optionalData } from "~/.server/optional-data.server";
import { CONTINUE_WATCHING_LIMIT, continueItemFromHistory, type ContinueItem } from "./continue-items";

/**
 * Null for visitors (their progress lives in the browser; the component reads it there) and when the
 * upstream has no view history — the component then falls back to this browser's own progress too.
 */
export async function loadContinueWatching(api: ApiHandle): Promise<ContinueItem[] | null> {
  if (!api.signedIn) return null;
  // Twice the cards: finished episodes are skipped.
  const history = await optionalData("continue watching", () => api.optional.timecodes.history({ limit: CONTINUE_WATCHING_LIMIT * 2 }));
  if (!history) return null;
  return history.items
    .map(continueItemFromHistory)
    .filter((item): item is ContinueItem => item !== null)
    .slice(0, CONTINUE_WATCHING_LIMIT);
}
