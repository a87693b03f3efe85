// "Вышли новые серии" for a signed-in viewer: favorites and the "watching" collection against the account's
// timecodes. The account menu shows the last count found, kept briefly per session in memory, so no other
// page pays for it (docs/decisions/0196-new-episodes.md).
import { createBoundedCache } from "~/.server/bounded-cache";
import type { ApiHandle } from "~/.server/api/handle";
import type { RequestArgs } from "~/.server/load-context.server";
import { optionalData } from "~/.server/optional-data.server";
import { sessionMemoryKey } from "~/.server/session-memory-key.server";
import { withRouteErrors } from "~/.server/route-errors.server";
import { assertSinglePageList } from "~/shared/paging/page-exists.server";
import { rememberEpisode } from "~/.server/remembered-ids.server";
import { releasesOfRequestByIds } from "~/features/progress/releases-of-request.server";
import { newEpisodesCandidates } from "~/domain/new-episodes-candidates";
import { newEpisodesOf, type EpisodeProgress, type NewEpisodesItem } from "./new-episodes";

const NEW_EPISODES_ON_HOME = 6;
const COUNT_TTL_MS = 5 * 60_000;
const MAX_REMEMBERED_COUNTS = 1000;

/**
 * Per session (keyed by a hash of its token, 43 characters): the count last found, and the releases it was found
 * among, so the next look asks for those releases together with the lists instead of after them (decision 0254).
 * At most MAX_REMEMBERED_COUNTS entries of at most MAX_NEW_EPISODES_CANDIDATES ids: about 1 MB (decision 0247).
 */
export const rememberedCounts = createBoundedCache<{ count: number; candidates: readonly number[] }>({
  maxEntries: MAX_REMEMBERED_COUNTS,
  ttlMs: COUNT_TTL_MS,
  valueBytes: (value) => 32 + value.candidates.length * 8,
});

function rememberCount(token: string, count: number, candidates: readonly number[]): void {
  rememberedCounts.set(sessionMemoryKey(token), { count, candidates });
}

/** The count the last computation found for this session, if still fresh; never asks the upstream. */
export function rememberedNewEpisodesCount(api: ApiHandle): number | null {
  const token = api.user?.token;
  if (!token) return null;
  return rememberedCounts.get(sessionMemoryKey(token))?.count ?? null;
}

function rememberedCandidates(token: string): readonly number[] {
  return rememberedCounts.get(sessionMemoryKey(token))?.candidates ?? [];
}

export type NewEpisodes = {
  items: NewEpisodesItem[];
  /** Whether the viewer has watched anything at all: with nothing watched, an empty list is no news but a start. */
  watchedAny: boolean;
};

/**
 * Null for a visitor; throws when the upstream fails (the caller decides whether that hides a block or fails a
 * page). `optional`: the short time budget of a page's optional block.
 */
export async function loadNewEpisodes(api: ApiHandle, { optional = false } = {}): Promise<NewEpisodes | null> {
  const token = api.user?.token;
  if (!token) return null;
  const calls = optional ? api.optional : api;
  // The releases of the last look are asked for with the lists; only ones added since cost a second round trip.
  const expected = rememberedCandidates(token);
  const [favoriteIds, collections, timecodes, expectedReleases] = await Promise.all([
    calls.lists.favoriteIds(),
    calls.lists.collectionIds(),
    calls.timecodes.get(),
    releasesOfRequestByIds(api, calls, expected),
  ]);
  const candidates = newEpisodesCandidates(favoriteIds, collections);
  const progress = new Map<string, EpisodeProgress>(timecodes.map((entry) => [entry.releaseEpisodeId, entry]));
  let items: NewEpisodesItem[] = [];
  if (candidates.length > 0 && progress.size > 0) {
    const known = new Map(expectedReleases.map((release) => [release.id, release]));
    const added = await releasesOfRequestByIds(
      api,
      calls,
      candidates.filter((id) => !known.has(id)),
    );
    for (const release of added) known.set(release.id, release);
    const releases = candidates.flatMap((id) => known.get(id) ?? []);
    items = newEpisodesOf(releases, progress);
    for (const item of items) rememberEpisode(item.next.id, item.release.id);
  }
  rememberCount(token, items.length, progress.size > 0 ? candidates : []);
  return { items, watchedAny: timecodes.some((entry) => entry.isWatched || entry.time > 0) };
}

/** The page: every release with new episodes, or null for a visitor (the page explains and offers to sign in). */
export async function loadNewEpisodesPage(args: RequestArgs) {
  assertSinglePageList(args.request);
  const found = await withRouteErrors(args.request, () => loadNewEpisodes(args.context.api));
  return { items: found?.items ?? null, watchedAny: found?.watchedAny ?? false };
}

/** The home page's block: the newest few, hidden when empty, for a visitor or when the upstream fails. */
export async function loadNewEpisodesBlock(api: ApiHandle): Promise<{ items: NewEpisodesItem[]; total: number } | null> {
  const found = await optionalData("new episodes", () => loadNewEpisodes(api, { optional: true }));
  return found && found.items.length > 0 ? { items: found.items.slice(0, NEW_EPISODES_ON_HOME), total: found.items.length } : null;
}
