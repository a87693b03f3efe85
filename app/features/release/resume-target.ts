// Where "Смотреть" leads: the episode in progress, or the one after the last watched (docs/decisions/0135, 0256).
import { watchPlace, type EpisodeProgress, type PlaceEpisode } from "~/features/progress/watch-place";

export type { EpisodeProgress };

export type ResumeTarget<Item> =
  | { kind: "start"; episode: Item }
  | { kind: "continue"; episode: Item; time: number }
  | { kind: "next"; episode: Item }
  /** The episode after this watched one, which the page does not know: the server finds it (decision 0205). */
  | { kind: "after"; episode: Item };

/**
 * A long release's place from this browser's own record of it (the episode last played here), when the page
 * carries no whole list to search: the server's answer otherwise.
 */
export function resumeFromRecent<Item extends { id: string }>(
  recent: { episode: Item; time: number; isWatched: boolean } | null,
  fallback: ResumeTarget<Item> | null,
): ResumeTarget<Item> | null {
  if (!recent) return fallback;
  if (recent.isWatched) return { kind: "after", episode: recent.episode };
  return recent.time > 0 ? { kind: "continue", episode: recent.episode, time: recent.time } : fallback;
}

/**
 * The viewer's place (the one rule of "continue", `watchPlace`) as the button's target: continue the furthest
 * unfinished episode, else go on to the one after the furthest watched; with nothing after it (or no progress at
 * all) the first episode is the start.
 */
export function resumeTarget<Item extends PlaceEpisode>(
  episodesInOrder: readonly Item[],
  progress: ReadonlyMap<string, EpisodeProgress>,
): ResumeTarget<Item> | null {
  const first = episodesInOrder[0];
  if (!first) return null;
  const place = watchPlace(episodesInOrder, progress);
  if (place.kind === "continue") return { kind: "continue", episode: place.episode, time: place.time };
  if (place.kind === "next") return { kind: "next", episode: place.episode };
  return { kind: "start", episode: first };
}
