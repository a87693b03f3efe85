// For the home page and the lists: the signed-in user's releases still to continue (decision 0256), newest first.
import type { ApiHandle } from "~/.server/api/handle";
import { optionalData } from "~/.server/optional-data.server";
import type { Release } from "~/domain/release";
import { sortEpisodes } from "~/features/release/episodes-view";
import { CONTINUE_WATCHING_LIMIT, continueItemOf, type ContinueItem } from "./continue-items";
import { continuePlace, type EpisodeProgress } from "./watch-place";

/** The history's releases looked at: twice the cards, since finished ones are skipped. */
const HISTORY_LOOKED_AT = CONTINUE_WATCHING_LIMIT * 2;

/** The releases the viewer watched last, in that order, each with where they are in it. */
export function continueItemsOf(releasesInViewOrder: readonly Release[], progress: ReadonlyMap<string, EpisodeProgress>): ContinueItem[] {
  const items: ContinueItem[] = [];
  for (const release of releasesInViewOrder) {
    const place = continuePlace(release, sortEpisodes(release.episodes, "asc"), progress);
    if (place) items.push(continueItemOf(release, place));
    if (items.length === CONTINUE_WATCHING_LIMIT) break;
  }
  return items;
}

/**
 * Null for visitors (their progress lives in the browser; the component reads it there) and when the
 * upstream has no view history — the component then falls back to this browser's own progress too.
 */
export async function loadContinueWatching(api: ApiHandle): Promise<ContinueItem[] | null> {
  if (!api.signedIn) return null;
  // The history names the releases in the order last watched; the place in each needs all of its timecodes
  // and its released episodes (the history's entry is only the last one touched).
  const [history, timecodes] = await Promise.all([
    optionalData("continue watching", () => api.optional.timecodes.history({ limit: HISTORY_LOOKED_AT })),
    optionalData("continue watching timecodes", () => api.optional.timecodes.get()),
  ]);
  if (!history || !timecodes) return null;
  const ids = [...new Set(history.items.flatMap((entry) => (entry.release ? [entry.release.id] : [])))];
  if (ids.length === 0) return [];
  const releases = await optionalData("continue watching releases", () => api.optional.releases.byIds({ ids, limit: ids.length }));
  if (!releases) return null;
  const byId = new Map(releases.items.map((release) => [release.id, release]));
  const inViewOrder = ids.flatMap((id) => byId.get(id) ?? []);
  const progress = new Map(timecodes.map((entry) => [entry.releaseEpisodeId, { time: entry.time, isWatched: entry.isWatched }]));
  return continueItemsOf(inViewOrder, progress);
}
