// Which of the viewer's releases have episodes newer than the ones they watched (docs/decisions/0196-new-episodes.md).
import { toReleaseCard, type ReleaseCardData } from "~/domain/release-card";
import type { Episode, Release } from "~/domain/release";
import { sortEpisodes } from "~/features/release/episodes-view";
import { isWatchedAt } from "~/features/progress/watched-rule";

export type EpisodeProgress = { time: number; isWatched: boolean };

export type NewEpisodesItem = {
  release: ReleaseCardData;
  /** The first episode after the last one watched: where the link goes. */
  next: Pick<Episode, "id" | "ordinal" | "name">;
  latestOrdinal: number | null;
  /** Episodes after the last one watched. */
  newCount: number;
  /** When the latest episode came out (ISO), for the order; null when unknown. */
  latestAt: string | null;
};

function isWatched(episode: Episode, progress: EpisodeProgress | undefined): boolean {
  if (!progress) return false;
  return progress.isWatched || isWatchedAt(progress.time, episode.duration, episode.ending);
}

function timeOf(stamp: string | null): number {
  const time = stamp ? Date.parse(stamp) : Number.NaN;
  return Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time;
}

/**
 * A release counts when the viewer finished at least one of its episodes and a later one exists; the link
 * goes to the episode right after the last one finished. Releases never started are not "new for you".
 */
export function newEpisodesOf(releases: readonly Release[], progress: ReadonlyMap<string, EpisodeProgress>): NewEpisodesItem[] {
  const items: NewEpisodesItem[] = [];
  for (const release of releases) {
    const episodes = sortEpisodes(release.episodes, "asc");
    const lastWatched = episodes.findLastIndex((episode) => isWatched(episode, progress.get(episode.id)));
    const next = episodes[lastWatched + 1];
    const latest = episodes.at(-1);
    if (lastWatched < 0 || !next || !latest) continue;
    items.push({
      release: toReleaseCard(release),
      next: { id: next.id, ordinal: next.ordinal, name: next.name },
      latestOrdinal: latest.ordinal,
      newCount: episodes.length - 1 - lastWatched,
      latestAt: latest.updatedAt ?? release.freshAt,
    });
  }
  return items.sort((a, b) => timeOf(b.latestAt) - timeOf(a.latestAt) || b.release.id - a.release.id);
}
