// Serves the multi-variant playlist that lets the engine (hls.js or the browser's own HLS) adapt between renditions.
import { requestApi, type RequestArgs } from "~/.server/api/handle";
import { throwPageNotFound } from "~/.server/not-found.server";
import { withRouteErrors } from "~/.server/route-errors.server";
import { buildMasterPlaylist, renditionsOf } from "./renditions";

/** Rendition URLs change rarely; a short shared cache spares the upstream one call per play. */
export const MASTER_PLAYLIST_CACHE_CONTROL = "public, max-age=300, stale-while-revalidate=3600";

export async function loadMasterPlaylist(args: RequestArgs, releaseEpisodeId: string): Promise<Response> {
  const { request } = args;
  const episode = await withRouteErrors(request, () => requestApi(args).releases.episode(releaseEpisodeId));
  const renditions = renditionsOf(episode);
  if (renditions.length === 0) throwPageNotFound(request);
  return new Response(buildMasterPlaylist(renditions), {
    headers: { "Content-Type": "application/vnd.apple.mpegurl; charset=utf-8", "Cache-Control": MASTER_PLAYLIST_CACHE_CONTROL },
  });
}
