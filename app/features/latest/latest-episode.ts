import type { Episode } from "~/domain/release";

/** The newest episode of a release: the last in the release's own order (sort order, then ordinal). */
export function latestEpisodeOf(episodes: readonly Episode[]): Episode | null {
  let latest: Episode | null = null;
  for (const episode of episodes) {
    if (!latest || rank(episode) >= rank(latest)) latest = episode;
  }
  return latest;
}

function rank(episode: Episode): number {
  return episode.sortOrder ?? episode.ordinal ?? Number.NEGATIVE_INFINITY;
}
