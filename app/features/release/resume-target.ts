// Where "Смотреть" leads: the episode in progress, or the one after the last watched (docs/decisions/0135).

export type EpisodeProgress = { time: number; isWatched: boolean };
export type EpisodeState = "watched" | "in-progress";

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

/** Watched is the player's own mark (its watched rule); any saved position short of it is in progress. */
export function episodeState(progress: EpisodeProgress | undefined): EpisodeState | null {
  if (!progress) return null;
  if (progress.isWatched) return "watched";
  return progress.time > 0 ? "in-progress" : null;
}

/**
 * Timecodes carry no date, so the furthest episode with progress stands for "where the viewer is":
 * continue it when unfinished, else go on to the episode after it. With nothing after it (or no progress
 * at all) the first episode is the start.
 */
export function resumeTarget<Item extends { id: string }>(
  episodesInOrder: readonly Item[],
  progress: ReadonlyMap<string, EpisodeProgress>,
): ResumeTarget<Item> | null {
  const first = episodesInOrder[0];
  if (!first) return null;
  for (let index = episodesInOrder.length - 1; index >= 0; index -= 1) {
    const episode = episodesInOrder[index]!;
    const entry = progress.get(episode.id);
    const state = episodeState(entry);
    if (state === "in-progress") return { kind: "continue", episode, time: entry!.time };
    if (state === "watched") {
      const next = episodesInOrder[index + 1];
      return next ? { kind: "next", episode: next } : { kind: "start", episode: first };
    }
  }
  return { kind: "start", episode: first };
}
