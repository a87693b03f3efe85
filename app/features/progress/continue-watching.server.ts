// For the home page and the lists: the signed-in user's releases still to continue (decision 0256), newest first.
import type { ApiHandle } from "~/.server/api/handle";
import { createBoundedCache } from "~/.server/bounded-cache";
import { optionalData } from "~/.server/optional-data.server";
import { sessionMemoryKey } from "~/.server/session-memory-key.server";
import type { CollectionEntry } from "~/domain/account";
import type { Release } from "~/domain/release";
import { newEpisodesCandidates } from "~/domain/new-episodes-candidates";
import { sortEpisodes } from "~/domain/episode-order";
import { rememberEpisode } from "~/.server/remembered-ids.server";
import { CONTINUE_WATCHING_LIMIT, continueItemOf, type ContinueItem } from "./continue-items";
import { releasesOfRequestByIds } from "./releases-of-request.server";
import { continuePlace, type EpisodeProgress } from "./watch-place";

/** The history's releases looked at: twice the cards, since finished ones are skipped. */
const HISTORY_LOOKED_AT = CONTINUE_WATCHING_LIMIT * 2;

/** The viewer's lists as far as «Продолжить просмотр» goes (decision 0282). */
export type ContinueListIds = {
  /** Releases in «Брошено»: the viewer gave them up, so they are never offered to continue. */
  dropped: ReadonlySet<number>;
  /** Releases «Вышли новые серии» looks at: a next episode of one is news there, not a «continue». */
  newsCandidates: ReadonlySet<number>;
};

export function continueListIdsOf(favoriteIds: readonly number[], collections: readonly CollectionEntry[]): ContinueListIds {
  return {
    dropped: new Set(collections.filter((entry) => entry.type === "ABANDONED").map((entry) => entry.releaseId)),
    newsCandidates: new Set(newEpisodesCandidates(favoriteIds, collections)),
  };
}

/**
 * The releases the viewer watched last, in that order, each with where they are in it: the one row every page shows
 * under «Продолжить просмотр». A dropped release is left out, and so is a "next" one that «Вышли новые серии» offers
 * (on the home page below it, and from the account menu on every page).
 */
export function continueItemsOf(
  releasesInViewOrder: readonly Release[],
  progress: ReadonlyMap<string, EpisodeProgress>,
  lists: ContinueListIds,
): ContinueItem[] {
  const items: ContinueItem[] = [];
  for (const release of releasesInViewOrder) {
    if (lists.dropped.has(release.id)) continue;
    const place = continuePlace(release, sortEpisodes(release.episodes, "asc"), progress);
    if (place && !(place.kind === "next" && lists.newsCandidates.has(release.id))) items.push(continueItemOf(release, place));
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
  const [history, timecodes, lists, expected] = await Promise.all([
    optionalData("continue watching", () => api.optional.timecodes.history({ limit: HISTORY_LOOKED_AT })),
    optionalData("continue watching timecodes", () => api.optional.timecodes.get()),
    optionalData("continue watching lists", async () =>
      continueListIdsOf(...(await Promise.all([api.optional.lists.favoriteIds(), api.optional.lists.collectionIds()]))),
    ),
    releasesById(api, rememberedHistoryReleases.get(memoryKey) ?? []),
  ]);
  // Without the lists a dropped release cannot be told apart: the row falls back as it does without a history.
  if (!history || !timecodes || !lists) return null;
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
  const items = continueItemsOf(inViewOrder, progress, lists);
  for (const item of items) rememberEpisode(item.episodeId, item.releaseId);
  return items;
}
