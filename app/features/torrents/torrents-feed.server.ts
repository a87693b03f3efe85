// What the torrent feed needs: the page, whether the visitor's location hides torrents, and the passkey.
import { getLocation, getProfile } from "~/.server/api/profile";
import { apiContext } from "~/.server/api/context";
import { getTorrents, torrentFileUrl } from "~/.server/api/torrents";
import { logWarn } from "~/.server/log.server";
import type { Page } from "~/domain/pagination";
import type { Torrent } from "~/domain/torrent";

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

export async function loadTorrentFeed(request: Request, pageNumber: number): Promise<TorrentFeed> {
  const optional = apiContext(request, { timeout: "optional" });
  const [location, profile, page] = await Promise.all([
    optionalValue("location", () => getLocation(optional)),
    optional.token ? optionalValue("profile", () => getProfile(optional)) : Promise.resolve(null),
    getTorrents(request, { page: pageNumber, limit: TORRENTS_PAGE_SIZE }),
  ]);
  // Hidden means hidden: the torrents must not even reach the page's serialized data.
  if (location?.parameters.shouldHideTorrents) return { hidden: true, page: null };
  const passkey = profile?.torrents.passkey ?? null;
  return {
    hidden: false,
    page: { ...page, items: page.items.map((torrent) => ({ ...torrent, fileUrl: torrentFileUrl(request, torrent.hash, passkey) })) },
  };
}
