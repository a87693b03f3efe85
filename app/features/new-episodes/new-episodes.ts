// Which of the viewer's releases have episodes newer than the ones they watched (docs/decisions/0196-new-episodes.md).
import { toReleaseCard, type ReleaseCardData } from "~/domain/release-card";
import { offersEpisodes, type Episode, type Release } from "~/domain/release";
import { sortEpisodes } from "~/domain/episode-order";
import { watchPlace, type EpisodeProgress } from "~/features/progress/watch-place";

export type { EpisodeProgress };

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

function timeOf(stamp: string | null): number {
  const time = stamp ? Date.parse(stamp) : Number.NaN;
  return Number.isNaN(time) ? Number.NEGATIVE_INFINITY : time;
}

/**
 * A release counts when the viewer's place in it (`watchPlace`, decision 0256) is "next": the furthest episode
 * with progress is finished and a later one is out; the link goes to that later one. A release never started is
 * not "new for you", one with an unfinished episode is in «Продолжить просмотр», and one blocked by the
 * copyright holder offers no episode at all.
 */
export function newEpisodesOf(releases: readonly Release[], progress: ReadonlyMap<string, EpisodeProgress>): NewEpisodesItem[] {
  const items: NewEpisodesItem[] = [];
  for (const release of releases) {
    if (!offersEpisodes(release)) continue;
    const episodes = sortEpisodes(release.episodes, "asc");
    const place = watchPlace(episodes, progress);
    const latest = episodes.at(-1);
    if (place.kind !== "next" || !latest) continue;
    const { episode: next, watched } = place;
    const lastWatched = episodes.indexOf(watched);
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
