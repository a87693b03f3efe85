// The release id behind an alias or an episode, as this process last saw it: with it a page asks for what needs the
// numeric id (recommendations, franchises, torrents) at the same time as the release, not after it (decision 0254).
// A stale entry costs only a second call: the pages check the id against the release they get. Bounded in entries
// and so in bytes (decision 0247): least recently used first out; nothing to sweep, since an id does not expire.
import { createBoundedCache } from "~/.server/bounded-cache";

/** As the release address's schema; a longer alias from the upstream is not kept. So an entry is at most about 0.5 KB. */
const MAX_ALIAS_LENGTH = 200;
const MAX_ALIASES = 4_000;
/** Episode ids are UUIDs: about 100 bytes an entry with the map's own. */
const MAX_EPISODES = 20_000;
/** A long release's episodes are remembered up to this many, so that one release cannot push out the others. */
const MAX_EPISODES_PER_RELEASE = 500;

const byAlias = createBoundedCache<number>({ maxEntries: MAX_ALIASES });
const byEpisode = createBoundedCache<number>({ maxEntries: MAX_EPISODES });

export function rememberedReleaseIdOfAlias(alias: string): number | null {
  return byAlias.get(alias) ?? null;
}

export function rememberedReleaseIdOfEpisode(episodeId: string): number | null {
  return byEpisode.get(episodeId) ?? null;
}

type KnownRelease = { id: number; alias: string; episodes: readonly { id: string }[]; latestEpisode?: { id: string } | null };

/**
 * What a page learnt from a release: the address it was asked by (alias or id), its episodes, and the latest episode
 * a list's card links to (decision 0264: a card's release page, tab or episode is then one round trip away).
 */
export function rememberRelease(release: KnownRelease, askedAs?: string): void {
  for (const alias of new Set([release.alias, askedAs])) {
    if (alias !== undefined && alias.length <= MAX_ALIAS_LENGTH) byAlias.set(alias, release.id);
  }
  for (const episode of release.episodes.slice(0, MAX_EPISODES_PER_RELEASE)) byEpisode.set(episode.id, release.id);
  if (release.latestEpisode) byEpisode.set(release.latestEpisode.id, release.id);
}

/** A list's releases (without their episode lists, which a page of cards would churn through): aliases, latest episodes. */
export function rememberListedReleases(releases: readonly Omit<KnownRelease, "episodes">[]): void {
  for (const release of releases)
    rememberRelease({ id: release.id, alias: release.alias, episodes: [], latestEpisode: release.latestEpisode });
}

/** An episode a card links to (continue watching, new episodes), with its release. */
export function rememberEpisode(episodeId: string, releaseId: number): void {
  byEpisode.set(episodeId, releaseId);
}

/** Tests: the caps and a clean start. */
export const rememberedIdsForTests = {
  byAlias,
  byEpisode,
  MAX_ALIASES,
  MAX_EPISODES_PER_RELEASE,
  clear: () => (byAlias.clear(), byEpisode.clear()),
};
