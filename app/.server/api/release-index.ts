// Every release of the catalogue by its MyAnimeList and Shikimori ids, with its names: what an imported anime list
// is matched by. Built from the catalogue's pages and kept like the other reference data (one per upstream and TTL).
import type { z } from "zod/v4";
import { nextTurn } from "../event-loop.server";
import { referenceCache, type ReferenceCache } from "../reference-cache.server";
import { sharedContext, type ApiContext } from "./context";
import { ReleaseIdsSchema } from "./release-schema";
import { requestJson } from "./request";
import { pageSchema } from "./schemas";
import { upstreamKey } from "./transport";

export type IndexedRelease = {
  id: number;
  alias: string;
  names: { main: string | null; english: string | null; alternative: string | null };
  /** The release type's value (TV, MOVIE…), or null. */
  type: string | null;
  episodesTotal: number | null;
  mal: number | null;
  shikimori: number | null;
};

export type ReleaseIndex = {
  releases: IndexedRelease[];
  byId: ReadonlyMap<number, IndexedRelease>;
  byMal: ReadonlyMap<number, IndexedRelease>;
  byShikimori: ReadonlyMap<number, IndexedRelease>;
  /** False when the catalogue had more pages than the index reads (INDEX_MAX_PAGES). */
  complete: boolean;
};

/** The most the upstream gives per page. */
const PAGE_SIZE = 50;
/**
 * 10,000 releases: several times the live catalogue. An entry is about 300 bytes (names and ids), so the index stays
 * under 3 MB however large the upstream claims its catalogue to be; the cache's TTL sweeps it.
 */
export const INDEX_MAX_PAGES = 200;
/** Pages asked for at once: the first import after the TTL waits for the catalogue, not for one page at a time. */
const PAGES_AT_ONCE = 4;
const FIELDS = "id,alias,name,type,episodes_total,shikimori,mal";

const IndexPageSchema = pageSchema(ReleaseIdsSchema);

function indexed(release: z.output<typeof ReleaseIdsSchema>): IndexedRelease {
  return {
    id: release.id,
    alias: release.alias,
    names: { main: release.name?.main || null, english: release.name?.english ?? null, alternative: release.name?.alternative ?? null },
    type: release.type.value,
    episodesTotal: release.episodes_total,
    mal: release.mal?.id ?? null,
    shikimori: release.shikimori?.id ?? null,
  };
}

async function loadIndex(context: ApiContext): Promise<ReleaseIndex> {
  const shared = sharedContext(context);
  const page = (number: number) =>
    requestJson(shared, { path: "/anime/catalog/releases", query: { page: number, limit: PAGE_SIZE, include: FIELDS } }, IndexPageSchema);
  const first = await page(1);
  const lastPage = Math.min(first.pagination.totalPages, INDEX_MAX_PAGES);
  const releases = first.items.map(indexed);
  for (let start = 2; start <= lastPage; start += PAGES_AT_ONCE) {
    await nextTurn();
    const numbers = Array.from({ length: Math.min(PAGES_AT_ONCE, lastPage - start + 1) }, (_, offset) => start + offset);
    for (const more of await Promise.all(numbers.map(page))) releases.push(...more.items.map(indexed));
  }
  const byId = new Map(releases.map((release) => [release.id, release]));
  const unique = [...byId.values()];
  const byMal = new Map<number, IndexedRelease>();
  const byShikimori = new Map<number, IndexedRelease>();
  for (const release of unique) {
    // Two releases may share a listing (a film and its cut): the first in the catalogue's order keeps it.
    if (release.mal !== null && !byMal.has(release.mal)) byMal.set(release.mal, release);
    if (release.shikimori !== null && !byShikimori.has(release.shikimori)) byShikimori.set(release.shikimori, release);
  }
  return { releases: unique, byId, byMal, byShikimori, complete: first.pagination.totalPages <= INDEX_MAX_PAGES };
}

export function getReleaseIndex(context: ApiContext, cache: ReferenceCache = referenceCache): Promise<ReleaseIndex> {
  return cache.get(`${upstreamKey(context.upstream)}|release-index|${context.mediaOrigin}`, () => loadIndex(context));
}
