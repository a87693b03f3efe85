// What the player page asks the browser to fetch while it parses the HTML, before any script runs:
// the hls.js chunk and the early engine's, the master playlist, the starting rendition's playlist and its first segment.
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { embeddedTransport, isEmbeddedUpstream, networkTransport } from "~/.server/api/transport";
import { createReferenceCache } from "~/.server/reference-cache.server";
import { optionalData } from "~/.server/optional-data.server";
import { readPreferences } from "~/.server/preferences.server";
import type { PlayerEpisode } from "~/features/video-engine/player-data";
import { startRenditionIndex } from "~/features/video-engine/renditions";
import { masterPlaylistPath } from "~/domain/site-paths";

/**
 * `earlyEngineChunks` are the modules the page's inline script starts the stream with before hydration (decision
 * 0235), the one it imports first: empty where the server knows playback starts later (the first segment would go
 * unused) or the build has none.
 */
export type PlayerPreloads = { hlsChunk: string | null; earlyEngineChunks: string[]; fetches: string[] };

const ASSETS_DIRECTORIES = ["../client/assets/", "../../client/assets/"];
type ClientAssets = { directory: URL; files: string[] };
let assets: ClientAssets | null | undefined;

/** The production client build's assets (Vite's manifest is not kept), listed once; null in development or another layout. */
function clientAssets(): ClientAssets | null {
  if (assets !== undefined) return assets;
  assets = null;
  for (const relative of ASSETS_DIRECTORIES) {
    const directory = new URL(relative, import.meta.url);
    try {
      assets = { directory, files: readdirSync(fileURLToPath(directory)) };
      break;
    } catch {
      // Not this layout.
    }
  }
  return assets;
}

const chunkPaths = new Map<string, string[]>();
/** Rollup's static imports between chunks: `import{a as b}from"./name-hash.js"` or `import"./name-hash.js"`. */
const CHUNK_IMPORT = /(?:\bfrom|\bimport)\s*"\.\/([\w.-]+\.js)"/g;

/**
 * The hashed name of the client build's chunk matching `pattern`, then every chunk it imports statically (unless told
 * not to), found once by reading the build. Empty without a build: the page then simply loads the module when the
 * player asks for it.
 */
function clientChunkWithImports(pattern: RegExp, { withImports = true } = {}): string[] {
  const key = `${pattern.source} ${withImports}`;
  const known = chunkPaths.get(key);
  if (known) return known;
  const build = clientAssets();
  const first = build?.files.find((name) => pattern.test(name));
  const found: string[] = [];
  const pending = first ? [first] : [];
  while (build && pending.length > 0) {
    const file = pending.shift()!;
    if (found.includes(file)) continue;
    found.push(file);
    if (!withImports) break;
    const code = readFileSync(fileURLToPath(new URL(file, build.directory)), "utf8");
    for (const [, imported] of code.matchAll(CHUNK_IMPORT)) pending.push(imported!);
  }
  const paths = found.map((file) => `/assets/${file}`);
  chunkPaths.set(key, paths);
  return paths;
}

const HLS_CHUNK = /^hls\.light-[\w-]+\.js$/;
/** The entry `scripts/standalone-client-chunk.ts` makes of early-engine.ts. */
const EARLY_ENGINE_CHUNK = /^player-early-engine-[\w-]+\.js$/;

export function hlsChunkPath(): string | null {
  // hls.js imports no other chunk: its 374 KB are not read to find that out.
  return clientChunkWithImports(HLS_CHUNK, { withImports: false })[0] ?? null;
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
 * past the start, the first segment would go unused, so it is not preloaded. Nor for a link to a moment (`moment`),
 * which the early start still plays from.
 */
export async function playerPreloads(
  request: Request,
  episode: PlayerEpisode,
  resumesAt = 0,
  moment: number | null = null,
): Promise<PlayerPreloads> {
  // In low-data mode nothing of the stream comes before the viewer presses play (decision 0288).
  if (episode.renditions.length === 0 || readPreferences(request).lowData) return { hlsChunk: null, earlyEngineChunks: [], fetches: [] };
  const start = episode.renditions[startRenditionIndex(episode.renditions)];
  const playlists = [masterPlaylistPath(episode.id), ...(start ? [start.url] : [])];
  const segments =
    start && resumesAt === 0 && moment === null
      ? await optionalData("player segment preload", () => startSegments.get(start.url, () => loadFirstSegmentUrls(request, start.url)))
      : null;
  const hlsChunk = hlsChunkPath();
  const earlyEngineChunks = hlsChunk && resumesAt === 0 ? clientChunkWithImports(EARLY_ENGINE_CHUNK) : [];
  return { hlsChunk, earlyEngineChunks, fetches: [...playlists, ...(segments ?? [])] };
}
