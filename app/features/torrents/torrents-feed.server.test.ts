import type { AppLoadContext } from "@remix-run/node";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Location, Profile } from "~/domain/account";
import type { Page } from "~/domain/pagination";
import type { Torrent } from "~/domain/torrent";

const api = vi.hoisted(() => ({
  token: null as string | null,
  location: vi.fn<() => Promise<Location | null>>(),
  profile: vi.fn<() => Promise<Profile>>(),
  torrents: vi.fn<() => Promise<Page<Torrent>>>(),
}));

vi.mock("~/.server/log.server", () => ({ logWarn: () => undefined }));
// The root's lookup, kept per address (a failure reads as null).
vi.mock("~/.server/root-data.server", () => ({ visitorLocation: api.location }));

const { loadTorrentFeed } = await import("./torrents-feed.server");

/** A load context whose handle answers the calls the feed makes. */
const context = {
  clientIp: null,
  api: {
    get signedIn() {
      return api.token !== null;
    },
    optional: { context: {}, profile: { get: api.profile } },
    torrents: {
      list: api.torrents,
      fileUrl: (hash: string, passkey?: string | null) => `/api/v1/anime/torrents/${hash}/file${passkey ? `?pk=${passkey}` : ""}`,
    },
  },
} as unknown as AppLoadContext;

const request = new Request("http://localhost/anime/torrents/");
const location = (shouldHideTorrents: boolean) => ({ parameters: { shouldHideTorrents, isGovernmentRequest: false } }) as Location;
const page = {
  items: [{ id: 1, hash: "abc" } as Torrent],
  pagination: { total: 1, count: 1, perPage: 25, currentPage: 1, totalPages: 1, links: { next: null, previous: null } },
};

beforeEach(() => {
  api.token = null;
  api.location.mockReset().mockResolvedValue(location(false));
  api.profile.mockReset();
  api.torrents.mockReset().mockResolvedValue(page);
});

describe("loadTorrentFeed", () => {
  it("gives the page with a file link for each torrent", async () => {
    const feed = await loadTorrentFeed({ request, context }, 1);
    expect(feed.hidden).toBe(false);
    expect(feed.page?.items[0]?.fileUrl).toBe("/api/v1/anime/torrents/abc/file");
    expect(api.profile).not.toHaveBeenCalled();
  });

  it("returns no torrents at all when the location hides them", async () => {
    api.location.mockResolvedValue(location(true));
    expect(await loadTorrentFeed({ request, context }, 1)).toEqual({ hidden: true, page: null });
  });

  it("shows the torrents when the location cannot be told", async () => {
    api.location.mockResolvedValue(null);
    expect((await loadTorrentFeed({ request, context }, 1)).hidden).toBe(false);
  });

  it("puts a signed-in user's passkey into the file link, and does without it if the profile fails", async () => {
    api.token = "token";
    api.profile.mockResolvedValue({ torrents: { passkey: "secret", uploaded: 0, downloaded: 0 } } as Profile);
    expect((await loadTorrentFeed({ request, context }, 1)).page?.items[0]?.fileUrl).toBe("/api/v1/anime/torrents/abc/file?pk=secret");
    api.profile.mockRejectedValue(new Error("down"));
    expect((await loadTorrentFeed({ request, context }, 1)).page?.items[0]?.fileUrl).toBe("/api/v1/anime/torrents/abc/file");
  });
});
