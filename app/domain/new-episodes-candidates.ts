// The releases «Вышли новые серии» looks at (docs/decisions/0196-new-episodes.md); «Продолжить просмотр» leaves
// out the ones it offers (decision 0282), so both read the one rule here.
import type { CollectionEntry } from "./account";

/** The releases looked at: favorites first, then "watching"; more would mean more upstream pages per view. */
export const MAX_NEW_EPISODES_CANDIDATES = 100;

/** The releases «Вышли новые серии» looks at: favorites, then «Смотрю», at most MAX_NEW_EPISODES_CANDIDATES. */
export function newEpisodesCandidates(favoriteIds: readonly number[], collections: readonly CollectionEntry[]): number[] {
  const watching = collections.filter((entry) => entry.type === "WATCHING").map((entry) => entry.releaseId);
  return [...new Set([...favoriteIds, ...watching])].slice(0, MAX_NEW_EPISODES_CANDIDATES);
}
