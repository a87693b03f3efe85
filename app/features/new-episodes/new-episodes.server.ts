// "Вышли новые серии" for a signed-in viewer: favorites and the "watching" collection against the account's
// timecodes. The account menu shows the last count found, kept briefly per session in memory, so no other
// page pays for it (docs/decisions/0196-new-episodes.md).
import { createHash } from "node:crypto";
import { createBoundedCache } from "~/.server/bounded-cache";
import { requestApi, type ApiCalls, type ApiHandle, type RequestArgs } from "~/.server/api/handle";
import { optionalData } from "~/.server/optional-data.server";
import { withRouteErrors } from "~/.server/route-errors.server";
import type { Release } from "~/domain/release";
import { newEpisodesOf, type EpisodeProgress, type NewEpisodesItem } from "./new-episodes";

/** The releases looked at: favorites first, then "watching"; more would mean more upstream pages per view. */
export const MAX_NEW_EPISODES_CANDIDATES = 100;
/** The upstream's page size cap. */
const RELEASES_PER_CALL = 50;
const NEW_EPISODES_ON_HOME = 6;
const COUNT_TTL_MS = 5 * 60_000;
const MAX_REMEMBERED_COUNTS = 1000;

/** Keyed by a hash of the session's token (43 characters), so the bound in entries is one in bytes (decision 0247). */
export const rememberedCounts = createBoundedCache<number>({ maxEntries: MAX_REMEMBERED_COUNTS, ttlMs: COUNT_TTL_MS });

function sessionKey(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

/** The count the last computation found for this session, if still fresh; never asks the upstream. */
export function rememberedNewEpisodesCount(api: ApiHandle): number | null {
  const token = api.user?.token;
  if (!token) return null;
  return rememberedCounts.get(sessionKey(token)) ?? null;
}

async function releasesByIds(calls: ApiCalls, ids: number[]): Promise<Release[]> {
  const chunks: number[][] = [];
  for (let start = 0; start < ids.length; start += RELEASES_PER_CALL) chunks.push(ids.slice(start, start + RELEASES_PER_CALL));
  const pages = await Promise.all(chunks.map((chunk) => calls.releases.byIds({ ids: chunk, limit: RELEASES_PER_CALL })));
  return pages.flatMap((page) => page.items);
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
  const [favoriteIds, collections, timecodes] = await Promise.all([
    calls.lists.favoriteIds(),
    calls.lists.collectionIds(),
    calls.timecodes.get(),
  ]);
  const watching = collections.filter((entry) => entry.type === "WATCHING").map((entry) => entry.releaseId);
  const candidates = [...new Set([...favoriteIds, ...watching])].slice(0, MAX_NEW_EPISODES_CANDIDATES);
  const progress = new Map<string, EpisodeProgress>(timecodes.map((entry) => [entry.releaseEpisodeId, entry]));
  const items = candidates.length > 0 && progress.size > 0 ? newEpisodesOf(await releasesByIds(calls, candidates), progress) : [];
  rememberedCounts.set(sessionKey(token), items.length);
  return { items, watchedAny: timecodes.some((entry) => entry.isWatched || entry.time > 0) };
}

/** The page: every release with new episodes, or null for a visitor (the page explains and offers to sign in). */
export async function loadNewEpisodesPage(args: RequestArgs) {
  const found = await withRouteErrors(args.request, () => loadNewEpisodes(requestApi(args)));
  return { items: found?.items ?? null, watchedAny: found?.watchedAny ?? false };
}

/** The home page's block: the newest few, hidden when empty, for a visitor or when the upstream fails. */
export async function loadNewEpisodesBlock(api: ApiHandle): Promise<{ items: NewEpisodesItem[]; total: number } | null> {
  const found = await optionalData("new episodes", () => loadNewEpisodes(api, { optional: true }));
  return found && found.items.length > 0 ? { items: found.items.slice(0, NEW_EPISODES_ON_HOME), total: found.items.length } : null;
}
