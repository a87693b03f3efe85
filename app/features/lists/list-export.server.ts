// The viewer's collections as a MyAnimeList XML file (which MyAnimeList and Shikimori import): only releases with a
// MyAnimeList id can go; the page lists the others.
import type { ApiCalls } from "~/.server/api/handle";
import { nextTurn } from "~/.server/event-loop.server";
import { COLLECTION_TYPES, type CollectionType } from "~/domain/account";
import { buildMalXml, malTypeOf, type ListExportEntry } from "./list-file";

/** Releases per call when the export counts watched episodes: the most the upstream gives per page. */
const RELEASES_PER_CALL = 50;

export type NotExportable = { releaseId: number; alias: string | null; title: string | null; collection: CollectionType };

type Split = { exportable: (ListExportEntry & { releaseId: number })[]; notExportable: NotExportable[] };

/** The collections split by whether MyAnimeList knows the release (by the release index). */
export async function splitCollections(api: ApiCalls): Promise<Split> {
  const [collections, index] = await Promise.all([api.lists.collectionIds(), api.releases.index()]);
  const split: Split = { exportable: [], notExportable: [] };
  for (const { releaseId, type } of collections) {
    if (!(COLLECTION_TYPES as readonly string[]).includes(type)) continue;
    const collection = type as CollectionType;
    const release = index.byId.get(releaseId);
    if (release?.mal != null) {
      split.exportable.push({
        releaseId,
        malId: release.mal,
        title: release.names.english ?? release.names.main ?? release.alias,
        type: malTypeOf(release.type),
        episodes: release.episodesTotal,
        watched: 0,
        collection,
      });
    } else {
      split.notExportable.push({ releaseId, alias: release?.alias ?? null, title: release?.names.main ?? null, collection });
    }
  }
  return split;
}

/** The file: each release's watched episodes counted from the account's watched marks. */
export async function buildListExport(api: ApiCalls): Promise<string> {
  const [{ exportable }, timecodes] = await Promise.all([splitCollections(api), api.timecodes.get()]);
  const watchedEpisodes = new Set(timecodes.filter((entry) => entry.isWatched).map((entry) => entry.releaseEpisodeId));
  const watchedByRelease = new Map<number, number>();
  const ids = exportable.map((entry) => entry.releaseId);
  for (let start = 0; start < ids.length && watchedEpisodes.size > 0; start += RELEASES_PER_CALL) {
    await nextTurn();
    const page = await api.releases.byIds({ ids: ids.slice(start, start + RELEASES_PER_CALL), limit: RELEASES_PER_CALL });
    for (const release of page.items) {
      watchedByRelease.set(release.id, release.episodes.filter((episode) => watchedEpisodes.has(episode.id)).length);
    }
  }
  return buildMalXml(exportable.map(({ releaseId, ...entry }) => ({ ...entry, watched: watchedByRelease.get(releaseId) ?? 0 })));
}
