// The player pages' loader: the episode, its release's queue, download options and the user's saved positions.
import { bellOwnerOfPage, bellStateOf } from "~/features/episode-bell/bell-state.server";
import { z } from "zod";
import type { ApiCalls } from "~/.server/api/handle";
import type { RequestArgs } from "~/.server/load-context.server";
import { getEnv } from "~/.server/env.server";
import { optionalData } from "~/.server/optional-data.server";
import { throwPageNotFound } from "~/.server/not-found.server";
import { withRouteErrors } from "~/.server/route-errors.server";
import { imageSource } from "~/domain/image";
import { releaseTitle, type Episode, type EpisodeWithRelease } from "~/domain/release";
import type { Torrent } from "~/domain/torrent";
import { resumePosition } from "~/features/progress/watched-rule";
import { needsAgeConfirmation } from "~/features/release/age-confirmation";
import { confirmAgeAndGoBack, isSamePage } from "~/features/release/age-confirmation.server";
import { type DownloadOption, type PlayerEpisode, type PlayerPageData, type QueueEpisode } from "~/features/video-engine/player-data";
import { momentOf } from "./moment-link";
import { playerPreloads } from "./player-preloads.server";
import { renditionsOf } from "~/features/video-engine/renditions";
import { episodePath, queuePath } from "~/domain/site-paths";
import { windowAround, type EpisodeWindow } from "~/features/release/episode-pages";
import { rememberedReleaseIdOfEpisode, rememberRelease } from "~/.server/remembered-ids.server";

/** Episode ids are UUIDs upstream; anything outside this shape cannot exist and is a 404 without asking. */
export const PlayerParamsSchema = z.object({ releaseEpisodeId: z.string().regex(/^[0-9A-Za-z-]{1,64}$/) });

export function parsePlayerParams(request: Request, params: Record<string, string | undefined>): string {
  const parsed = PlayerParamsSchema.safeParse(params);
  if (!parsed.success) throwPageNotFound(request);
  return parsed.data.releaseEpisodeId;
}

function toPlayerEpisode(episode: Episode): PlayerEpisode {
  return {
    id: episode.id,
    name: episode.name,
    ordinal: episode.ordinal,
    opening: episode.opening,
    ending: episode.ending,
    preview: imageSource(episode.preview),
    duration: episode.duration,
    renditions: renditionsOf(episode),
    rutubeId: episode.rutubeId,
    youtubeId: episode.youtubeId,
  };
}

/** The player needs the list only when there is another host to turn to. */
function mediaMirrors(): string[] {
  const { mediaOrigins } = getEnv();
  return mediaOrigins.length > 1 ? [...mediaOrigins] : [];
}

function byWatchingOrder(a: Episode, b: Episode): number {
  return (a.sortOrder ?? a.ordinal ?? 0) - (b.sortOrder ?? b.ordinal ?? 0);
}

/** The episodes around this one in watching order: all of a short release, a window of a long one. */
export function queueOf(episode: EpisodeWithRelease): EpisodeWindow<QueueEpisode> {
  const episodes = episode.release?.episodes.length ? [...episode.release.episodes].sort(byWatchingOrder) : [episode];
  const around = windowAround(episodes, episode.id);
  const items = around.items.map((item) => ({
    id: item.id,
    ordinal: item.ordinal,
    name: item.name,
    preview: imageSource(item.preview, "thumbnail"),
    duration: item.duration,
  }));
  return { ...around, items };
}

function toDownloadOption(api: ApiCalls, torrent: Torrent): DownloadOption {
  return {
    id: torrent.id,
    label: torrent.label ?? torrent.filename ?? torrent.quality.description ?? String(torrent.id),
    quality: torrent.quality.description ?? torrent.quality.value ?? null,
    size: torrent.size,
    seeders: torrent.seeders,
    leechers: torrent.leechers,
    magnet: torrent.magnet,
    fileUrl: api.torrents.fileUrl(torrent.hash || torrent.id),
  };
}

export async function loadPlayerPage(args: RequestArgs, releaseEpisodeId: string, view: PlayerPageData["view"]): Promise<PlayerPageData> {
  const { request } = args;
  const { api } = args.context;
  const signedIn = api.signedIn;
  // Downloads need the release's id: asked together with the episode when this process knows it (decision 0254).
  const rememberedReleaseId = rememberedReleaseIdOfEpisode(releaseEpisodeId);
  const torrentsOf = (releaseId: number) => optionalData("player torrents", () => api.optional.torrents.ofRelease(releaseId));
  const earlyTorrents = rememberedReleaseId === null ? null : torrentsOf(rememberedReleaseId);
  const bellOwner = bellOwnerOfPage(request, api);
  // Optional data: a page without saved positions or downloads is still a page. A release this process knows: its
  // own timecodes, asked with the episode; otherwise the account's, which grow with all it ever watched (0297).
  const timecodesOf = (releaseId: number | null) =>
    optionalData("player timecodes", () =>
      releaseId === null ? api.optional.timecodes.get() : api.optional.timecodes.ofRelease(releaseId),
    );
  const earlyTimecodes = signedIn ? timecodesOf(rememberedReleaseId) : null;
  const [episode, fetchedTimecodes] = await Promise.all([
    withRouteErrors(request, () => api.releases.episode(releaseEpisodeId)),
    earlyTimecodes,
  ]);
  const release = episode.release;
  if (release) rememberRelease(release);
  // Remembered wrong (a process whose memory is older than the episode's move): the episode's own release.
  const timecodes =
    earlyTimecodes && release && rememberedReleaseId !== null && rememberedReleaseId !== release.id
      ? await timecodesOf(release.id)
      : fetchedTimecodes;
  const { items: queue, firstIndex, total } = queueOf(episode);
  const queueIds = new Set(queue.map((item) => item.id));
  const playerEpisode = toPlayerEpisode(episode);
  const saved = timecodes?.find((entry) => entry.releaseEpisodeId === episode.id) ?? null;
  // A direct link to an adult episode asks first, as the release page does (decision 0136); nothing of the stream loads meanwhile.
  const ageConfirmationNeeded = release ? needsAgeConfirmation(release, request.headers.get("Cookie")) : false;
  const moment = momentOf(new URL(request.url).searchParams, playerEpisode.duration);
  const [torrents, preloads, owner] = await Promise.all([
    release && !release.isBlockedByCopyrights
      ? earlyTorrents && rememberedReleaseId === release.id
        ? earlyTorrents
        : torrentsOf(release.id)
      : null,
    ageConfirmationNeeded
      ? { hlsChunk: null, earlyEngineChunks: [], fetches: [] }
      : playerPreloads(request, playerEpisode, resumePosition(saved, playerEpisode.duration), moment),
    bellOwner,
  ]);
  return {
    episode: playerEpisode,
    release: release
      ? {
          id: release.id,
          alias: release.alias,
          title: releaseTitle(release),
          titleEnglish: release.name.english,
          poster: imageSource(release.poster),
          isBlockedByGeo: release.isBlockedByGeo,
          isBlockedByCopyrights: release.isBlockedByCopyrights,
          externalPlayer: release.externalPlayer,
        }
      : null,
    bell: release ? await bellStateOf(api, owner, release.id) : null,
    queue,
    queueRange: { firstIndex, total },
    downloads: (torrents ?? []).map((torrent) => toDownloadOption(api, torrent)),
    accountTimecodes: timecodes?.filter((entry) => queueIds.has(entry.releaseEpisodeId)) ?? null,
    view,
    preloads,
    ageConfirmationNeeded,
    moment,
    mediaMirrors: mediaMirrors(),
  };
}

/** The player pages' action: the age confirmation, back to the same player page. */
export function confirmAgeOnPlayer(
  request: Request,
  params: Record<string, string | undefined>,
  view: PlayerPageData["view"],
): Promise<Response> {
  const releaseEpisodeId = parsePlayerParams(request, params);
  const base = view === "queue" ? queuePath(releaseEpisodeId) : episodePath(releaseEpisodeId);
  return confirmAgeAndGoBack(request, base, (back) => isSamePage(back, base));
}
