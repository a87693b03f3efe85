// What the player page asks the browser to fetch while it parses the HTML, before any script runs:
// the hls.js chunk, the master playlist and the starting rendition's playlist.
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { PlayerEpisode } from "./player-data";
import { masterPlaylistPath, startRenditionIndex } from "./renditions";

export type PlayerPreloads = { hlsChunk: string | null; playlists: string[] };

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

export function playerPreloads(episode: PlayerEpisode): PlayerPreloads {
  if (episode.renditions.length === 0) return { hlsChunk: null, playlists: [] };
  const start = episode.renditions[startRenditionIndex(episode.renditions)];
  return { hlsChunk: hlsChunkPath(), playlists: [masterPlaylistPath(episode.id), ...(start ? [start.url] : [])] };
}
