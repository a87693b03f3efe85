// For the home page and the lists: the signed-in user's releases still to continue (decision 0256), newest first.
import type { ApiHandle } from "~/.server/api/handle";
import { createBoundedCache } from "~/.server/bounded-cache";
import { optionalData } from "~/.server/optional-data.server";
import { sessionMemoryKey } from "~/.server/session-memory-key.server";
import type { Release } from "~/domain/release";
import { sortEpisodes } from "~/features/release/episodes-view";
import { rememberEpisode } from "~/features/release/remembered-ids.server";
import { CONTINUE_WATCHING_LIMIT, continueItemOf, type ContinueItem } from "./continue-items";
import { releasesOfRequestByIds } from "./releases-of-request.server";
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

/** How long a session's history releases are remembered: a viewer's last watched releases change a few times a day. */
const HISTORY_RELEASES_TTL_MS = 30 * 60_000;
const MAX_REMEMBERED_HISTORIES = 1000;

/**
 * Per session (decision 0264): the releases its view history named at the last look, asked for together with the
 * history at the next one instead of after it, so only releases watched since cost a second round trip. At most
 * MAX_REMEMBERED_HISTORIES sessions of HISTORY_LOOKED_AT ids (keys 86 bytes): about 0.4 MB, swept after 30 minutes.
 */
export const rememberedHistoryReleases = createBoundedCache<readonly number[]>({
  maxEntries: MAX_REMEMBERED_HISTORIES,
  ttlMs: HISTORY_RELEASES_TTL_MS,
  valueBytes: (ids) => 16 + ids.length * 8,
});

async function releasesById(api: ApiHandle, ids: readonly number[]): Promise<Map<number, Release> | null> {
  if (ids.length === 0) return new Map();
  const found = await optionalData("continue watching releases", () => releasesOfRequestByIds(api, api.optional, ids));
  return found ? new Map(found.map((release) => [release.id, release])) : null;
}

/**
 * Null for visitors (their progress lives in the browser; the component reads it there) and when the
 * upstream has no view history — the component then falls back to this browser's own progress too.
 */
export async function loadContinueWatching(api: ApiHandle): Promise<ContinueItem[] | null> {
  const token = api.user?.token;
  if (!token) return null;
  const memoryKey = sessionMemoryKey(token);
  // The history names the releases in the order last watched; the place in each needs all of its timecodes
  // and its released episodes (the history's entry is only the last one touched, its release has no episodes).
  const [history, timecodes, expected] = await Promise.all([
    optionalData("continue watching", () => api.optional.timecodes.history({ limit: HISTORY_LOOKED_AT })),
    optionalData("continue watching timecodes", () => api.optional.timecodes.get()),
    releasesById(api, rememberedHistoryReleases.get(memoryKey) ?? []),
  ]);
  if (!history || !timecodes) return null;
  const ids = [...new Set(history.items.flatMap((entry) => (entry.release ? [entry.release.id] : [])))];
  rememberedHistoryReleases.set(memoryKey, ids);
  if (ids.length === 0) return [];
  const known = expected ?? new Map<number, Release>();
  const added = await releasesById(
    api,
    ids.filter((id) => !known.has(id)),
  );
  if (!added) return null;
  const inViewOrder = ids.flatMap((id) => known.get(id) ?? added.get(id) ?? []);
  const progress = new Map(timecodes.map((entry) => [entry.releaseEpisodeId, { time: entry.time, isWatched: entry.isWatched }]));
  const items = continueItemsOf(inViewOrder, progress);
  for (const item of items) rememberEpisode(item.episodeId, item.releaseId);
  return items;
}
