// Releases: latest, random, recommended, one release, its members, one episode, lists by id, search.
import type { Page } from "~/domain/pagination";
import { z } from "zod/v4";
import type { EpisodeWithRelease, Release, ReleaseDetail, ReleaseMember } from "~/domain/release";
import type { ReleaseCardData } from "~/domain/release-card";
import type { ApiContext } from "./context";
import { UpstreamNotFoundError } from "./errors";
import {
  EPISODE_PLACE_FIELDS,
  EpisodeSchema,
  EpisodeWithReleaseSchema,
  MembersSchema,
  ReleaseCardSchema,
  ReleaseSchema,
  ReleaseWithEpisodePlacesSchema,
  toEpisodeWithRelease,
  toMember,
  toRelease,
  toReleaseCardData,
  toReleaseWithEpisodePlaces,
} from "./release-schema";
import { requestJson } from "./request";
import { TorrentSchema, toTorrent } from "./torrents";
import { preferNewerCall } from "./upstream-offers";
import { listSchema, mapPage, oneSchema, pageSchema } from "./schemas";

export const ReleaseListSchema = listSchema(ReleaseSchema);
export const ReleaseDetailSchema = oneSchema(
  // A list it cannot read costs the torrents tab a call by id, not the release page.
  ReleaseSchema.extend({ torrents: z.array(TorrentSchema).nullish().catch(null) }),
);
const ReleaseWithEpisodePlacesPageSchema = pageSchema(ReleaseWithEpisodePlacesSchema);

async function releaseList(context: ApiContext, path: string, query: Record<string, number | string | undefined>): Promise<Release[]> {
  const releases = await requestJson(context, { path, query }, ReleaseListSchema);
  return releases.map((release) => toRelease(release, context.mediaOrigin));
}

const ReleaseCardListSchema = listSchema(ReleaseCardSchema);

/**
 * The newest releases as their cards, each with its latest episode (the home page, the new releases): read as cards
 * are, not as whole releases: read whole, the fifty the new releases page asks for were about a third of its own CPU
 * (decision 0273).
 */
export async function getLatestReleaseCards(context: ApiContext, limit = 14): Promise<ReleaseCardData[]> {
  const releases = await requestJson(context, { path: "/anime/releases/latest", query: { limit } }, ReleaseCardListSchema);
  return releases.map((release) => toReleaseCardData(release, context.mediaOrigin));
}

function getRandomReleases(context: ApiContext, limit = 5): Promise<Release[]> {
  return releaseList(context, "/anime/releases/random", { limit });
}

/**
 * The release page's «Рекомендуем»: the live `/anime/releases/recommended` (for `forReleaseId` when known), or on an
 * upstream without it random releases, as before the call existed. Never `forReleaseId` itself.
 */
export async function getRecommendedReleases(context: ApiContext, forReleaseId: number | null, limit = 5): Promise<Release[]> {
  // One more than shown: the upstream may answer with the release itself.
  const releases = await preferNewerCall(
    "recommended",
    () => releaseList(context, "/anime/releases/recommended", { limit: limit + 1, release_id: forReleaseId ?? undefined }),
    () => getRandomReleases(context, limit + 1),
  );
  return releases.filter((release) => release.id !== forReleaseId).slice(0, limit);
}

/**
 * By alias or numeric id; the answer may be an object or a one-element array. With its torrents, which the answer
 * lists too (decision 0264): the torrents tab needs no call by the release's id.
 */
export async function getRelease(context: ApiContext, aliasOrId: string | number): Promise<ReleaseDetail> {
  const path = `/anime/releases/${encodeURIComponent(String(aliasOrId))}`;
  const release = await requestJson(context, { path }, ReleaseDetailSchema);
  if (!release) throw new UpstreamNotFoundError({ method: "GET", path });
  const torrents = release.torrents?.map((torrent) => toTorrent(torrent, context.mediaOrigin)) ?? null;
  return { ...toRelease(release, context.mediaOrigin), torrents };
}

export async function getReleaseMembers(context: ApiContext, aliasOrId: string | number): Promise<ReleaseMember[]> {
  const path = `/anime/releases/${encodeURIComponent(String(aliasOrId))}/members`;
  const members = await requestJson(context, { path }, MembersSchema);
  return members.map((member) => toMember(member, context.mediaOrigin));
}

/** One episode with its release (and the release's episodes) for the player. */
export async function getEpisode(context: ApiContext, releaseEpisodeId: string): Promise<EpisodeWithRelease> {
  const path = `/anime/releases/episodes/${encodeURIComponent(releaseEpisodeId)}`;
  const episode = await requestJson(context, { path }, oneSchema(EpisodeWithReleaseSchema));
  if (!episode) throw new UpstreamNotFoundError({ method: "GET", path });
  return toEpisodeWithRelease(episode, context.mediaOrigin);
}

/**
 * What the readers of `/anime/releases/list` leave out (decision 0271): they need each episode's place — id, number,
 * order, length, name (`EPISODE_PLACE_FIELDS`, all the list's episodes are read for, decision 0274) — not its media,
 * skips and previews, nor the release's members and torrents the answer also carries. Whole, a release of 1,150
 * episodes is about 1 MB of JSON; this leaves about a quarter.
 */
const RELEASE_LIST_EXCLUDE = [
  "members",
  "torrents",
  ...Object.keys(EpisodeSchema.shape)
    .filter((field) => !EPISODE_PLACE_FIELDS.includes(field))
    .map((field) => `episodes.${field}`),
].join(",");

export async function getReleasesByIds(
  context: ApiContext,
  selection: { ids?: number[]; aliases?: string[]; page?: number; limit?: number },
): Promise<Page<Release>> {
  const page = await requestJson(
    context,
    {
      path: "/anime/releases/list",
      query: {
        ids: selection.ids,
        aliases: selection.aliases,
        page: selection.page,
        limit: selection.limit,
        exclude: RELEASE_LIST_EXCLUDE,
      },
    },
    ReleaseWithEpisodePlacesPageSchema,
  );
  return mapPage(page, (release) => toReleaseWithEpisodePlaces(release, context.mediaOrigin));
}
