// What the torrent feed needs: the page, whether the visitor's location hides torrents (the root's lookup, kept per
// address), and the passkey.
import type { RequestArgs } from "~/.server/load-context.server";
import { logWarn } from "~/.server/log.server";
import { visitorLocation } from "~/.server/root-data.server";
import { withRouteErrors } from "~/.server/route-errors.server";
import type { Page } from "~/domain/pagination";
import type { Torrent } from "~/domain/torrent";
import { assertPageExists } from "~/shared/paging/page-exists.server";
import { parsePageQuery } from "~/shared/paging/page-query.server";

export const TORRENTS_PAGE_SIZE = 25;

export type FeedTorrent = Torrent & { fileUrl: string };

export type TorrentFeed = { hidden: true; page: null } | { hidden: false; page: Page<FeedTorrent> };

async function optionalValue<Value>(what: string, load: () => Promise<Value>): Promise<Value | null> {
  try {
    return await load();
  } catch (error) {
    logWarn(`torrents: ${what} unavailable`, { error });
    return null;
  }
}

export async function loadTorrentFeed(args: RequestArgs, pageNumber: number): Promise<TorrentFeed> {
  const { api } = args.context;
  const [location, profile, page] = await Promise.all([
    visitorLocation(api.optional.context),
    api.signedIn ? optionalValue("profile", () => api.optional.profile.get()) : Promise.resolve(null),
    api.torrents.list({ page: pageNumber, limit: TORRENTS_PAGE_SIZE }),
  ]);
  // Hidden means hidden: the torrents must not even reach the page's serialized data.
  if (location?.parameters.shouldHideTorrents) return { hidden: true, page: null };
  const passkey = profile?.torrents.passkey ?? null;
  return {
    hidden: false,
    page: { ...page, items: page.items.map((torrent) => ({ ...torrent, fileUrl: api.torrents.fileUrl(torrent.hash, passkey) })) },
  };
}

/** The torrents page: one page of the feed; a page past the end is a 404. */
export function loadTorrentsPage(args: RequestArgs) {
  const { request } = args;
  const pageNumber = parsePageQuery(request);
  return withRouteErrors(request, async () => {
    const feed = await loadTorrentFeed(args, pageNumber);
    if (feed.page) assertPageExists(request, feed.page.pagination);
    return feed;
  });
}
