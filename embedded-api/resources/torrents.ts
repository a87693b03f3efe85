// Torrents: latest list, one torrent, a release's torrents, the .torrent file and RSS feeds.
import { z } from "zod";
import type { Route } from "../http/router";
import type { RequestContext } from "../http/context";
import { notFound } from "../http/api-error";
import { pageRequest, paged, paginationFields } from "../http/pagination";
import { integerInput, parseInput } from "../http/validation";
import type { ReleaseRow, TorrentRow } from "../db/rows";
import { imageSet } from "./images";
import { storeOf } from "./store-registry";
import { TRACKERS, torrentContent, torrentFile } from "./torrent-file";
import { prepareCached } from "../db/statement-cache";

const PasskeySchema = z.object({ pk: z.string().max(64).optional() });

interface EncoderRow {
  id: string;
  nickname: string;
  account_id: number;
  avatar_index: number;
}

/** HEVC encodes credit the encoder (a member of the release team), as on the live site. */
function torrentMembers(context: RequestContext, torrent: TorrentRow): Record<string, unknown>[] {
  if (!torrent.codec.includes("HEVC")) return [];
  const encoders = prepareCached(
    context.db,
    `SELECT tu.id, tu.nickname, tu.account_id, tu.avatar_index FROM team_users tu
       JOIN teams t ON t.id = tu.team_id WHERE t.sort_order = 5 ORDER BY tu.sort_order`,
  ).all() as EncoderRow[];
  const encoder = encoders[torrent.id % Math.max(encoders.length, 1)];
  if (!encoder) return [];
  const hex = torrent.hash;
  return [
    {
      id: `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`,
      role: { value: "HEVC", description: "Сборка HEVC" },
      nickname: encoder.nickname,
      external_url: null,
      user: { id: encoder.account_id, avatar: imageSet("avatars", encoder.avatar_index) },
    },
  ];
}

function presentTorrents(context: RequestContext, torrents: TorrentRow[]): Record<string, unknown>[] {
  const store = storeOf(context.db);
  const releases = new Map(store.releaseRowsByIds([...new Set(torrents.map((torrent) => torrent.release_id))]).map((row) => [row.id, row]));
  const presentedReleases = new Map(
    store.presentRows([...releases.values()], context.origin).map((release) => [release.id as number, release]),
  );
  return torrents.map((torrent) => {
    const release = releases.get(torrent.release_id) as ReleaseRow;
    return {
      ...store.presentTorrent(torrent, release),
      torrent_members: torrentMembers(context, torrent),
      release: presentedReleases.get(torrent.release_id) ?? null,
    };
  });
}

function findTorrent(context: RequestContext): TorrentRow {
  const key = context.params.hashOrId ?? "";
  const row = /^\d{1,12}$/.test(key)
    ? prepareCached(context.db, "SELECT * FROM torrents WHERE id = ?").get(Number(key))
    : prepareCached(context.db, "SELECT * FROM torrents WHERE hash = ?").get(key.toLowerCase());
  if (!row) throw notFound("Не удалось найти торрент по такому hash значению");
  return row as TorrentRow;
}

function releaseOrNotFound(context: RequestContext): ReleaseRow {
  const raw = context.params.releaseId ?? "";
  const row = /^\d{1,12}$/.test(raw) ? storeOf(context.db).findReleaseRow(raw) : null;
  if (!row) throw notFound("Не удалось найти релиз с таким ID");
  return row;
}

const escapeXml = (text: string): string =>
  text.replace(/[<>&'"]/g, (char) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[char] as string);

function rssFeed(context: RequestContext, title: string, torrents: TorrentRow[], passkey: string | undefined): Response {
  const releases = new Map(
    storeOf(context.db)
      .releaseRowsByIds([...new Set(torrents.map((torrent) => torrent.release_id))])
      .map((row) => [row.id, row]),
  );
  const items = torrents
    .map((torrent) => {
      const release = releases.get(torrent.release_id);
      const file = new URL(`/api/v1/anime/torrents/${torrent.id}/file`, context.origin);
      if (passkey) file.searchParams.set("pk", passkey);
      return `    <item>
      <title>${escapeXml(torrent.label)}</title>
      <link>${escapeXml(`${context.origin}/anime/releases/release/${release?.alias ?? torrent.release_id}`)}</link>
      <guid isPermaLink="false">${torrent.hash}</guid>
      <pubDate>${new Date(torrent.updated_at).toUTCString()}</pubDate>
      <description>${escapeXml(`${torrent.quality} ${torrent.codec}, серии ${torrent.description}`)}</description>
      <enclosure url="${escapeXml(file.toString())}" length="${torrent.size}" type="application/x-bittorrent"/>
    </item>`;
    })
    .join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0">
  <channel>
    <title>${escapeXml(title)}</title>
    <link>${escapeXml(context.origin)}</link>
    <description>Торренты АниЛибрии</description>
    <language>ru</language>
${items}
  </channel>
</rss>
`;
  return new Response(body, { headers: { "content-type": "application/rss+xml; charset=utf-8" } });
}

export const torrentRoutes: Route[] = [
  {
    method: "GET",
    path: "/anime/torrents",
    handler: (context) => {
      const page = pageRequest(parseInput(z.object(paginationFields), context.query));
      const total = prepareCached(context.db, "SELECT COUNT(*) FROM torrents").pluck().get() as number;
      const rows = prepareCached(context.db, "SELECT * FROM torrents ORDER BY updated_at DESC, id DESC LIMIT ? OFFSET ?").all(
        page.limit,
        page.offset,
      ) as TorrentRow[];
      return paged(presentTorrents(context, rows), total, page, context.url);
    },
  },
  {
    method: "GET",
    path: "/anime/torrents/rss",
    handler: (context) => {
      const query = parseInput(PasskeySchema.extend({ limit: integerInput(1, 50).optional() }), context.query);
      const rows = prepareCached(context.db, "SELECT * FROM torrents ORDER BY updated_at DESC, id DESC LIMIT ?").all(
        query.limit ?? 10,
      ) as TorrentRow[];
      return rssFeed(context, "АниЛибрия — новые торренты", rows, query.pk);
    },
  },
  {
    method: "GET",
    path: "/anime/torrents/rss/release/{releaseId}",
    handler: (context) => {
      const query = parseInput(PasskeySchema, context.query);
      const release = releaseOrNotFound(context);
      const rows = prepareCached(context.db, "SELECT * FROM torrents WHERE release_id = ? ORDER BY sort_order").all(
        release.id,
      ) as TorrentRow[];
      return rssFeed(context, `АниЛибрия — ${release.name_main}`, rows, query.pk);
    },
  },
  {
    method: "GET",
    path: "/anime/torrents/release/{releaseId}",
    // Always a list, even of one (docs/upstream.md#quirks).
    handler: (context) => {
      const release = releaseOrNotFound(context);
      const rows = prepareCached(context.db, "SELECT * FROM torrents WHERE release_id = ? ORDER BY sort_order").all(
        release.id,
      ) as TorrentRow[];
      return presentTorrents(context, rows);
    },
  },
  {
    method: "GET",
    path: "/anime/torrents/{hashOrId}",
    handler: (context) => presentTorrents(context, [findTorrent(context)])[0],
  },
  {
    method: "GET",
    path: "/anime/torrents/{hashOrId}/file",
    handler: (context) => {
      // The passkey only personalises tracker statistics upstream; offline there is no tracker to tell.
      parseInput(PasskeySchema, context.query);
      const torrent = findTorrent(context);
      const file = torrentFile(torrentContent(torrent), TRACKERS, Date.parse(torrent.created_at));
      return new Response(new Uint8Array(file), {
        headers: {
          "content-type": "application/x-bittorrent",
          "content-length": String(file.length),
          "content-disposition": `attachment; filename*=UTF-8''${encodeURIComponent(torrent.filename)}`,
        },
      });
    },
  },
];
