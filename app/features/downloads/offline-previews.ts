// A saved episode keeps its seek previews (docs/decisions/0289): the track beside its renditions and the sheets it
// names, saved with the episode and written again to name the saved sheets. Relative imports only (the worker's bundle).
import { parsePreviewTrack, previewTrackText, seekPreviewTrackOf } from "../video-engine/seek-previews";
import { offlinePreviewSheetPath, offlinePreviewTrackPath } from "./offline-playlist";

/** A track naming more sheets than this is not saved: a real one has a few. */
const MAX_SHEETS = 16;

async function fetched(url: string, signal: AbortSignal): Promise<Response> {
  const response = await fetch(url, { signal, cache: "no-store" });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response;
}

/**
 * Saves the previews of the episode whose rendition is at `playlistUrl` into `cache`, and answers the bytes saved: 0
 * when it has none (a live upstream's: the saved copy's player builds them from the saved rendition).
 */
export async function saveSeekPreviews(
  episodeId: string,
  playlistUrl: string,
  cache: Cache,
  origin: string,
  signal: AbortSignal,
): Promise<number> {
  const trackUrl = seekPreviewTrackOf([playlistUrl]);
  if (!trackUrl) return 0;
  const tiles = parsePreviewTrack(await (await fetched(trackUrl, signal)).text(), trackUrl);
  const sheets = [...new Set(tiles.map((tile) => tile.url))];
  if (!tiles.length || sheets.length > MAX_SHEETS) return 0;
  let bytes = 0;
  for (const [index, sheet] of sheets.entries()) {
    const response = await fetched(sheet, signal);
    const body = await response.arrayBuffer();
    bytes += body.byteLength;
    await cache.put(
      new URL(offlinePreviewSheetPath(episodeId, index), origin).href,
      new Response(body, { headers: { "Content-Type": response.headers.get("Content-Type") ?? "image/jpeg" } }),
    );
  }
  const track = previewTrackText(tiles, (sheet) => offlinePreviewSheetPath(episodeId, sheets.indexOf(sheet)));
  await cache.put(
    new URL(offlinePreviewTrackPath(episodeId), origin).href,
    new Response(track, { headers: { "Content-Type": "text/vtt; charset=utf-8" } }),
  );
  return bytes + track.length;
}
