// A long release's episodes in pages (the episodes tab) and in a window around the current one (the player's
// queue), so a page carries what it shows, not the whole list (docs/decisions/0205).
import type { Episode } from "~/domain/release";

export const EPISODES_PER_PAGE = 100;
/** The player's queue: this many episodes before the current one, and this many in all. */
export const QUEUE_BEFORE = 10;
export const QUEUE_SIZE = 50;

/** The least an episode needs to be a resume target or a link: its id, number, and name for unnumbered ones. */
export type EpisodeRef = { id: string; ordinal: number | null; name: string | null };

export function episodeRefOf(episode: Episode): EpisodeRef {
  return { id: episode.id, ordinal: episode.ordinal, name: episode.ordinal === null ? episode.name : null };
}

export type EpisodePageLink = { page: number; first: EpisodeRef; last: EpisodeRef };

export type EpisodePage<Item> = {
  items: Item[];
  /** 1-based, clamped to the pages there are. */
  page: number;
  pageCount: number;
  total: number;
  /** Every page's first and last episode, for the page links' labels. */
  pages: EpisodePageLink[];
};

export function pageCountOf(total: number): number {
  return Math.max(1, Math.ceil(total / EPISODES_PER_PAGE));
}

export function episodePage(inOrder: readonly Episode[], requestedPage: number): EpisodePage<Episode> {
  const pageCount = pageCountOf(inOrder.length);
  const page = Math.min(Math.max(1, Math.floor(requestedPage)), pageCount);
  const start = (page - 1) * EPISODES_PER_PAGE;
  const pages: EpisodePageLink[] = [];
  if (pageCount > 1) {
    for (let index = 0; index < pageCount; index += 1) {
      const first = inOrder[index * EPISODES_PER_PAGE]!;
      const last = inOrder[Math.min(inOrder.length, (index + 1) * EPISODES_PER_PAGE) - 1]!;
      pages.push({ page: index + 1, first: episodeRefOf(first), last: episodeRefOf(last) });
    }
  }
  return { items: inOrder.slice(start, start + EPISODES_PER_PAGE), page, pageCount, total: inOrder.length, pages };
}

/** The page of the ascending list an episode is on (1-based); 1 when it is not in the list. */
export function pageOfIndex(index: number): number {
  return index < 0 ? 1 : Math.floor(index / EPISODES_PER_PAGE) + 1;
}

export type EpisodeWindow<Item> = { items: Item[]; firstIndex: number; total: number };

/** QUEUE_SIZE episodes from QUEUE_BEFORE before the current one: its neighbours are always inside. */
export function windowAround<Item extends { id: string }>(inOrder: readonly Item[], currentId: string): EpisodeWindow<Item> {
  const index = Math.max(
    0,
    inOrder.findIndex((item) => item.id === currentId),
  );
  const firstIndex = Math.max(0, Math.min(index - QUEUE_BEFORE, inOrder.length - QUEUE_SIZE));
  return { items: inOrder.slice(firstIndex, firstIndex + QUEUE_SIZE), firstIndex, total: inOrder.length };
}
