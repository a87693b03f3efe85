// The episodes tab's view and sort switches: values, defaults and the links that switch them (state in the URL); the order itself is ~/domain/episode-order.
import type { Image } from "~/domain/image";
import type { EpisodesSort } from "~/domain/episode-order";
import type { Episode } from "~/domain/release";
import type { EpisodePage } from "./episode-pages";

export const EPISODE_VIEWS = ["list", "previews"] as const;
export type EpisodesView = (typeof EPISODE_VIEWS)[number];

export const DEFAULT_EPISODES_VIEW: EpisodesView = "list";
export const DEFAULT_EPISODES_SORT: EpisodesSort = "asc";

export type EpisodesDisplay = { view: EpisodesView; sort: EpisodesSort; page: number };

/**
 * What a row or a preview of the episodes tab shows of an episode: a hundred whole episodes (stream addresses, skip
 * marks, every picture size in the list view) were 79 KB of a long release page's data.
 */
export type EpisodeListItem = Pick<Episode, "id" | "name" | "ordinal" | "duration" | "updatedAt"> & {
  /** Streamed by our player, so it can be saved for offline viewing. */
  canSaveOffline: boolean;
  /** In the previews view only. */
  preview?: Image;
};

export function toEpisodeListItem(episode: Episode, view: EpisodesView): EpisodeListItem {
  const item: EpisodeListItem = {
    id: episode.id,
    name: episode.name,
    ordinal: episode.ordinal,
    duration: episode.duration,
    updatedAt: episode.updatedAt,
    canSaveOffline: Boolean(episode.hls480 || episode.hls720 || episode.hls1080),
  };
  return view === "previews" ? { ...item, preview: episode.preview } : item;
}

/** What the episodes tab's loader sends: the page shown, and where the other pages are. */
export type EpisodesTabData = { display: EpisodesDisplay; episodes: EpisodeListItem[]; paging: Omit<EpisodePage<Episode>, "items"> };

function isDefault(name: string, value: string | number): boolean {
  return (
    (name === "view" && value === DEFAULT_EPISODES_VIEW) ||
    (name === "sort" && value === DEFAULT_EPISODES_SORT) ||
    (name === "page" && value === 1)
  );
}

/**
 * The URL with one switch changed; defaults are left out so the plain address stays canonical. A new order starts
 * again from its first page.
 */
export function episodesHref(pathname: string, search: string, change: Partial<EpisodesDisplay>): string {
  const params = new URLSearchParams(search);
  if (change.sort !== undefined && change.page === undefined) params.delete("page");
  for (const [name, value] of Object.entries(change)) {
    if (isDefault(name, value)) params.delete(name);
    else params.set(name, String(value));
  }
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}
