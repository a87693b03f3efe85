// Torrents: the feed, a release's torrents, and the .torrent file link.
import { z } from "zod/v4";
import type { Page } from "~/domain/pagination";
import type { Torrent } from "~/domain/torrent";
import type { ApiContext } from "./context";
import { ReleaseSchema, toRelease } from "./release-schema";
import { requestJson } from "./request";
import { preferredBaseUrl } from "./transport";
import {
  countNumber,
  flag,
  ImageSchema,
  LabelledTextSchema,
  listSchema,
  magnetUri,
  mapPage,
  numericId,
  optionalNumber,
  optionalText,
  pageSchema,
  resolveImage,
  stringId,
  webUrl,
} from "./schemas";

const TorrentMemberSchema = z
  .object({
    id: stringId,
    nickname: optionalText,
    role: LabelledTextSchema,
    external_url: webUrl,
    user: z.object({ id: numericId, avatar: ImageSchema }).passthrough().nullish(),
  })
  .passthrough();

export const TorrentSchema = z
  .object({
    id: numericId,
    hash: z.string(),
    size: optionalNumber,
    label: optionalText,
    filename: optionalText,
    magnet: magnetUri,
    description: optionalText,
    type: LabelledTextSchema,
    quality: LabelledTextSchema,
    color: LabelledTextSchema,
    codec: z.object({ value: z.string().nullish(), label: optionalText, description: optionalText }).passthrough().nullish(),
    seeders: countNumber,
    leechers: countNumber,
    completed_times: countNumber,
    bitrate: optionalNumber,
    is_hardsub: flag,
    sort_order: optionalNumber,
    created_at: optionalText,
    updated_at: optionalText,
    torrent_members: z.array(TorrentMemberSchema).nullish(),
    release: ReleaseSchema.nullish(),
  })
  .passthrough();

export const TorrentPageSchema = pageSchema(TorrentSchema);
/** Always a list on the live server, even of one. */
export const ReleaseTorrentsSchema = listSchema(TorrentSchema);

export function toTorrent(raw: z.output<typeof TorrentSchema>, mediaOrigin: string): Torrent {
  return {
    id: raw.id,
    hash: raw.hash,
    size: raw.size,
    label: raw.label,
    filename: raw.filename,
    magnet: raw.magnet,
    description: raw.description,
    type: raw.type,
    quality: raw.quality,
    color: raw.color,
    codec: { value: raw.codec?.value ?? null, label: raw.codec?.label ?? null, description: raw.codec?.description ?? null },
    seeders: raw.seeders,
    leechers: raw.leechers,
    completedTimes: raw.completed_times,
    bitrate: raw.bitrate,
    isHardsub: raw.is_hardsub,
    sortOrder: raw.sort_order,
    createdAt: raw.created_at,
    updatedAt: raw.updated_at,
    members: (raw.torrent_members ?? []).map((member) => ({
      id: member.id,
      nickname: member.nickname,
      role: member.role,
      externalUrl: member.external_url,
      user: member.user ? { id: member.user.id, avatar: resolveImage(member.user.avatar, mediaOrigin) } : null,
    })),
    release: raw.release ? toRelease(raw.release, mediaOrigin) : null,
  };
}

export async function getTorrents(context: ApiContext, paging: { page?: number; limit?: number } = {}): Promise<Page<Torrent>> {
  const page = await requestJson(context, { path: "/anime/torrents", query: paging }, TorrentPageSchema);
  return mapPage(page, (torrent) => toTorrent(torrent, context.mediaOrigin));
}

export async function getReleaseTorrents(context: ApiContext, releaseId: number): Promise<Torrent[]> {
  const torrents = await requestJson(context, { path: `/anime/torrents/release/${releaseId}` }, ReleaseTorrentsSchema);
  return torrents.map((torrent) => toTorrent(torrent, context.mediaOrigin));
}

/**
 * Where the browser downloads the .torrent file: the upstream itself, or (embedded mode) our own
 * `/api/v1` proxy. The passkey personalises the file for the user's tracker statistics.
 */
export function torrentFileUrl(context: ApiContext, hashOrId: string | number, passkey?: string | null): string {
  const url = new URL(`${preferredBaseUrl(context.upstream)}/anime/torrents/${encodeURIComponent(String(hashOrId))}/file`);
  if (passkey) url.searchParams.set("pk", passkey);
  return url.toString();
}
