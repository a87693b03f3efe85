// Seek-bar previews from a WebVTT thumbnail track (the form Jellyfin, JW Player and Video.js read): each cue names a
// stretch of the episode and a picture, usually a tile of a sprite sheet (`sheet.jpg#xywh=x,y,w,h`). Pure, so the
// parsing and the lookup are tested without a browser.

export type PreviewTile = {
  /** Seconds into the episode where the tile starts to apply, and where it stops. */
  start: number;
  end: number;
  /** The sheet's address, absolute. */
  url: string;
  /** The tile's place in the sheet, in pixels; a whole picture has x = y = 0 and its own size (null: unknown). */
  x: number;
  y: number;
  width: number | null;
  height: number | null;
};

/** A track past this is not a thumbnail track anyone should send: it is not read. */
export const MAX_TRACK_CHARS = 512 * 1024;
const MAX_TILES = 20_000;
const TIMING = /^((?:\d+:)?\d{1,2}:\d{2}(?:\.\d{1,3})?)\s+-->\s+((?:\d+:)?\d{1,2}:\d{2}(?:\.\d{1,3})?)/;
const FRAGMENT = /#xywh=(?:pixel:)?(\d+),(\d+),(\d+),(\d+)$/;

/** `01:02:03.500` or `02:03.5` as seconds. */
export function cueSeconds(text: string): number {
  const parts = text.split(":").map(Number);
  return parts.reduce((total, part) => total * 60 + part, 0);
}

/** The tiles of a WebVTT thumbnail track fetched from `trackUrl`, in time order; none when it is not one. */
export function parsePreviewTrack(text: string, trackUrl: string): PreviewTile[] {
  if (text.length > MAX_TRACK_CHARS || !/^\uFEFF?WEBVTT/.test(text)) return [];
  const tiles: PreviewTile[] = [];
  const lines = text.split(/\r\n|\r|\n/);
  for (let index = 0; index < lines.length && tiles.length < MAX_TILES; index += 1) {
    const timing = TIMING.exec(lines[index]!.trim());
    const payload = lines[index + 1]?.trim();
    if (!timing || !payload) continue;
    const tile = tileOf(payload, trackUrl, cueSeconds(timing[1]!), cueSeconds(timing[2]!));
    if (tile) tiles.push(tile);
    index += 1;
  }
  return tiles.sort((a, b) => a.start - b.start);
}

function tileOf(payload: string, trackUrl: string, start: number, end: number): PreviewTile | null {
  if (!(end > start)) return null;
  let url: URL;
  try {
    url = new URL(payload, trackUrl);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  const fragment = FRAGMENT.exec(url.hash);
  url.hash = "";
  if (!fragment) return { start, end, url: url.href, x: 0, y: 0, width: null, height: null };
  const [x, y, width, height] = fragment.slice(1).map(Number) as [number, number, number, number];
  return { start, end, url: url.href, x, y, width, height };
}

/** The tile for a moment of the episode: the one whose stretch holds it, else the nearest before it; null when none. */
export function tileAt(tiles: readonly PreviewTile[], seconds: number): PreviewTile | null {
  let low = 0;
  let high = tiles.length - 1;
  let found: PreviewTile | null = null;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const tile = tiles[middle]!;
    if (tile.start <= seconds) {
      found = tile;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found ?? tiles[0] ?? null;
}

/**
 * Where an episode's seek-preview track is, from its renditions' playlists: the embedded API's media keep
 * `thumbnails.vtt` beside the renditions' folders (`…/480/index.m3u8` → `…/thumbnails.vtt`). A live upstream has no
 * such track: null.
 */
export function seekPreviewTrackOf(playlistUrls: readonly string[]): string | null {
  for (const playlist of playlistUrls) {
    const match = /^(.*\/storage\/video\/[^?#]+)\/\d{3,4}\/index\.m3u8$/.exec(playlist);
    if (match) return `${match[1]}/thumbnails.vtt`;
  }
  return null;
}

/** Where the seek bar's frames come from: the episode's track, or tiles built in the browser (null: none yet). */
export type PreviewSource = { track: string } | { built: readonly PreviewTile[] | null };

/** The tile to show for a moment: a built sprite fills in as it goes, so a moment it has not reached has none. */
export function previewTileAt(source: PreviewSource, tiles: readonly PreviewTile[], seconds: number): PreviewTile | null {
  const tile = tileAt(tiles, seconds);
  if ("built" in source && tile && seconds >= tile.end) return null;
  return tile;
}

function cueClock(seconds: number): string {
  const milliseconds = Math.round(seconds * 1000);
  const hours = Math.floor(milliseconds / 3_600_000);
  const minutes = Math.floor(milliseconds / 60_000) % 60;
  const rest = (milliseconds % 60_000) / 1000;
  return `${String(hours).padStart(2, "0")}:${String(minutes).padStart(2, "0")}:${rest.toFixed(3).padStart(6, "0")}`;
}

/** A WebVTT thumbnail track naming `tiles`, each sheet's address given by `sheetUrl` (a saved copy's, say). */
export function previewTrackText(tiles: readonly PreviewTile[], sheetUrl: (url: string) => string): string {
  const cues = tiles.map((tile) => {
    const fragment = tile.width && tile.height ? `#xywh=${tile.x},${tile.y},${tile.width},${tile.height}` : "";
    return `${cueClock(tile.start)} --> ${cueClock(tile.end)}\n${sheetUrl(tile.url)}${fragment}`;
  });
  return `WEBVTT\n\n${cues.join("\n\n")}\n`;
}
