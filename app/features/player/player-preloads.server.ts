// What the player page asks the browser to fetch while it parses the HTML, before any script runs:
// the hls.js chunk, the master playlist, the starting rendition's playlist and its first segment.
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { embeddedTransport, isEmbeddedUpstream, networkTransport } from "~/.server/api/transport";
import { createReferenceCache } from "~/.server/reference-cache.server";
import { optionalData } from "~/.server/optional-data.server";
import type { PlayerEpisode } from "./player-data";
import { startRenditionIndex } from "./renditions";
import { masterPlaylistPath } from "~/domain/site-paths";

export type PlayerPreloads = { hlsChunk: string | null; fetches: string[] };

const HLS_CHUNK_PATTERN = /^hls\.light-[\w-]+\.js$/;
let hlsChunk: string | null | undefined;

/**
 * The hashed name of the hls.js chunk in the production client build, found once by looking at the build's
 * assets (Vite's manifest is not kept). Null in development or if the layout changes: the page then simply
 * loads hls.js when the player asks for it.
 */
export function hlsChunkPath(): string | null {
  if (hlsChunk !== undefined) return hlsChunk;
  hlsChunk = null;
  for (const relative of ["../client/assets/", "../../client/assets/"]) {
    try {
      const file = readdirSync(fileURLToPath(new URL(relative, import.meta.url))).find((name) => HLS_CHUNK_PATTERN.test(name));
      if (file) {
        hlsChunk = `/assets/${file}`;
        break;
      }
    } catch {
      // Not this layout.
    }
  }
  return hlsChunk;
}

/**
 * What the engine fetches first from a VOD media playlist: its init section (fMP4) and first segment, as
 * absolute URLs. None for byte-range playlists (the engine asks with a Range header a preload cannot match)
 * or for anything that is not a media playlist.
 */
export function firstSegmentUrls(playlist: string, playlistUrl: string): string[] {
  const lines = playlist.split(/\r?\n/).map((line) => line.trim());
  if (lines[0] !== "#EXTM3U" || lines.some((line) => line.startsWith("#EXT-X-BYTERANGE") || line.startsWith("#EXT-X-STREAM-INF")))
    return [];
  const map = lines.find((line) => line.startsWith("#EXT-X-MAP:"))?.match(/URI="([^"]+)"/)?.[1];
  if (lines.some((line) => line.startsWith("#EXT-X-MAP:")) && !map) return [];
  const segment = lines.find((line) => line !== "" && !line.startsWith("#"));
  if (!segment) return [];
  try {
    return [...(map ? [map] : []), segment].map((uri) => new URL(uri, playlistUrl).href);
  } catch {
    return [];
  }
}

/** The page must not wait on the video host: past this, the page goes without the segment preload. */
const PLAYLIST_TIMEOUT_MS = 300;
/** VOD playlists do not change; bounded because the keys are per episode. */
const startSegments = createReferenceCache(60 * 60 * 1000, Date.now, 2_000);

async function loadFirstSegmentUrls(request: Request, playlistUrl: string): Promise<string[]> {
  // In embedded mode the stream lives on our own origin: ask the in-process API instead of ourselves over the network.
  const ownOrigin = isEmbeddedUpstream() && new URL(playlistUrl).origin === new URL(request.url).origin;
  const transport = ownOrigin ? embeddedTransport : networkTransport;
  const response = await transport(new Request(playlistUrl, { signal: AbortSignal.timeout(PLAYLIST_TIMEOUT_MS) }));
  // A playlist the host does not have stays without a preload (cached); a timeout is tried again next time.
  if (!response.ok) return [];
  return firstSegmentUrls(await response.text(), response.url || playlistUrl);
}

/**
 * `resumesAt` is where the server already knows playback will start (a signed-in viewer's saved position):
 * past the start, the first segment would go unused, so it is not preloaded.
 */
export async function playerPreloads(request: Request, episode: PlayerEpisode, resumesAt = 0): Promise<PlayerPreloads> {
  if (episode.renditions.length === 0) return { hlsChunk: null, fetches: [] };
  const start = episode.renditions[startRenditionIndex(episode.renditions)];
  const playlists = [masterPlaylistPath(episode.id), ...(start ? [start.url] : [])];
  const segments =
    start && resumesAt === 0
      ? await optionalData("player segment preload", () => startSegments.get(start.url, () => loadFirstSegmentUrls(request, start.url)))
      : null;
  return { hlsChunk: hlsChunkPath(), fetches: [...playlists, ...(segments ?? [])] };
}
