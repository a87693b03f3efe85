// The order of a release's episodes: the episodes tab, the player's next episode, «Продолжить просмотр» and
// «Вышли новые серии» all walk them in it.
import type { Episode } from "./release";

export const EPISODE_SORTS = ["asc", "desc"] as const;
export type EpisodesSort = (typeof EPISODE_SORTS)[number];

function position(episode: Episode): number {
  return episode.sortOrder ?? episode.ordinal ?? Number.MAX_SAFE_INTEGER;
}

/** By the upstream's sort order (the ordinal when it has none); stable for equal positions. */
export function sortEpisodes(episodes: readonly Episode[], sort: EpisodesSort): Episode[] {
  const ascending = episodes
    .map((episode, index) => ({ episode, index }))
    .sort((a, b) => position(a.episode) - position(b.episode) || a.index - b.index)
    .map(({ episode }) => episode);
  return sort === "asc" ? ascending : ascending.reverse();
}
