// Serves the multi-variant playlist that lets the engine (hls.js or the browser's own HLS) adapt between renditions.
import { z } from "zod";
import type { RequestArgs } from "~/.server/load-context.server";
import { getEnv } from "~/.server/env.server";
import { throwPageNotFound } from "~/.server/not-found.server";
import { withRouteErrors } from "~/.server/route-errors.server";
import { onMirror } from "~/features/video-engine/media-mirrors";
import { buildMasterPlaylist, renditionsOf, type Rendition } from "~/features/video-engine/renditions";

/** Rendition URLs change rarely; a short shared cache spares the upstream one call per play. */
export const MASTER_PLAYLIST_CACHE_CONTROL = "public, max-age=300, stale-while-revalidate=3600";
/** Asked for with the viewer's token, the playlist is the viewer's answer: their browser may keep it, no one else. */
export const PRIVATE_MASTER_PLAYLIST_CACHE_CONTROL = "private, max-age=300";

function playlistCacheHeaders(withToken: boolean): Record<string, string> {
  return { "Cache-Control": withToken ? PRIVATE_MASTER_PLAYLIST_CACHE_CONTROL : MASTER_PLAYLIST_CACHE_CONTROL, Vary: "Cookie" };
}

/**
 * `?mirror=N`: the renditions on the N-th media host (counting from 0), for the browser's own HLS, which moves the
 * whole stream to the next host when one fails (decision 0213). A host that does not exist is a 404.
 */
function mirrorOf(request: Request): number | null {
  const value = new URL(request.url).searchParams.get("mirror");
  if (value === null) return 0;
  const parsed = z.coerce
    .number()
    .int()
    .min(0)
    .max(Math.max(0, getEnv().mediaOrigins.length - 1))
    .safeParse(value);
  return parsed.success ? parsed.data : null;
}

function renditionsOnMirror(renditions: Rendition[], mirror: number): Rendition[] {
  if (mirror === 0) return renditions;
  const { mediaOrigins } = getEnv();
  return renditions.map((rendition) => ({ ...rendition, url: onMirror(rendition.url, mediaOrigins, mirror) }));
}

export async function loadMasterPlaylist(args: RequestArgs, releaseEpisodeId: string): Promise<Response> {
  const { request } = args;
  const mirror = mirrorOf(request);
  if (mirror === null) throwPageNotFound(request);
  const { api } = args.context;
  const episode = await withRouteErrors(request, () => api.releases.episode(releaseEpisodeId));
  const renditions = renditionsOnMirror(renditionsOf(episode), mirror);
  if (renditions.length === 0) throwPageNotFound(request);
  return new Response(buildMasterPlaylist(renditions), {
    headers: { "Content-Type": "application/vnd.apple.mpegurl; charset=utf-8", ...playlistCacheHeaders(api.signedIn) },
  });
}
