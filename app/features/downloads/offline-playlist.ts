// Saved episodes (docs/decisions/0200): a rendition's media playlist turned into the list of files to fetch and
// the playlist the saved copy plays from, plus the size shown before saving. Pure: the worker and the page share it.
// Relative imports only: the worker bundle is built without the app's path aliases.

/** Where a saved episode's files live (answered by the worker from its cache, never by the network). */
export const OFFLINE_MEDIA_PREFIX = "/offline-episodes/";

export function offlinePlaylistPath(episodeId: string): string {
  return `${OFFLINE_MEDIA_PREFIX}${encodeURIComponent(episodeId)}/playlist.m3u8`;
}

export function offlinePartPath(episodeId: string, index: number): string {
  return `${OFFLINE_MEDIA_PREFIX}${encodeURIComponent(episodeId)}/part-${String(index).padStart(4, "0")}`;
}

/** A saved copy's seek-preview track, its sheets named by their saved copies' addresses. */
export function offlinePreviewTrackPath(episodeId: string): string {
  return `${OFFLINE_MEDIA_PREFIX}${encodeURIComponent(episodeId)}/previews.vtt`;
}

export function offlinePreviewSheetPath(episodeId: string, index: number): string {
  return `${OFFLINE_MEDIA_PREFIX}${encodeURIComponent(episodeId)}/preview-${index}`;
}

export type OfflinePlaylist = {
  /** Absolute addresses of every file the rendition needs (init sections, keys, segments), in playlist order. */
  sources: string[];
  /** The same playlist with each file's address replaced by its saved copy's. */
  localPlaylist: string;
  /** Seconds (the sum of the segments' durations). */
  duration: number;
};

export class PlaylistError extends Error {}

const URI_ATTRIBUTE = /URI="([^"]+)"/;

/**
 * Reads a VOD media playlist. Refuses a multi-variant playlist (one rendition is saved, not all), a live one
 * (no end) and byte ranges (one file per address is what the copy keeps).
 */
export function offlinePlaylistOf(text: string, playlistUrl: string, episodeId: string): OfflinePlaylist {
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  if (lines[0] !== "#EXTM3U") throw new PlaylistError("not an HLS playlist");
  if (lines.some((line) => line.startsWith("#EXT-X-STREAM-INF"))) throw new PlaylistError("a multi-variant playlist");
  if (lines.some((line) => line.startsWith("#EXT-X-BYTERANGE"))) throw new PlaylistError("byte-range segments");
  if (!lines.includes("#EXT-X-ENDLIST")) throw new PlaylistError("not a finished (VOD) playlist");

  const sources: string[] = [];
  const indexOf = new Map<string, number>();
  const localFor = (uri: string): string => {
    let absolute: string;
    try {
      absolute = new URL(uri, playlistUrl).href;
    } catch {
      throw new PlaylistError(`bad address ${uri}`);
    }
    let index = indexOf.get(absolute);
    if (index === undefined) {
      index = sources.length;
      sources.push(absolute);
      indexOf.set(absolute, index);
    }
    return offlinePartPath(episodeId, index);
  };

  let duration = 0;
  const output: string[] = [];
  for (const line of lines) {
    if (line === "") continue;
    if (line.startsWith("#EXTINF:")) {
      const seconds = Number.parseFloat(line.slice("#EXTINF:".length));
      if (Number.isFinite(seconds) && seconds > 0) duration += seconds;
      output.push(line);
    } else if ((line.startsWith("#EXT-X-KEY:") || line.startsWith("#EXT-X-MAP:")) && URI_ATTRIBUTE.test(line)) {
      output.push(line.replace(URI_ATTRIBUTE, (_whole, uri: string) => `URI="${localFor(uri)}"`));
    } else if (line.startsWith("#")) {
      output.push(line);
    } else {
      output.push(localFor(line));
    }
  }
  if (!sources.length) throw new PlaylistError("no segments");
  return { sources, localPlaylist: `${output.join("\n")}\n`, duration };
}

/**
 * The size shown before saving: the rendition's duration × its nominal peak bitrate (the same figures the
 * master playlist states; API v1 publishes no file sizes). An upper estimate: one request per rendition,
 * where summing Content-Length would take one per segment.
 */
export function estimatedBytes(durationSeconds: number, bitsPerSecond: number): number {
  return Math.ceil((Math.max(0, durationSeconds) * Math.max(0, bitsPerSecond)) / 8);
}

/** What the download still needs against what the browser says it may store; null when the browser does not say. */
export function spaceShortfall(
  neededBytes: number,
  estimate: { quota?: number; usage?: number } | null,
): { needed: number; available: number } | null {
  if (!estimate || estimate.quota === undefined || estimate.usage === undefined) return null;
  const available = Math.max(0, estimate.quota - estimate.usage);
  return neededBytes > available ? { needed: neededBytes, available } : null;
}
