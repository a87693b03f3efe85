// The picture over the seek bar (a lazy chunk, fetched once a track exists): the frame of the moment the pointer,
// a finger or the arrow keys point at, with its time. The track and its sheets are fetched once per page and the
// sheets decoded ahead, so a hover shows its frame at once.
import { useEffect, useState } from "react";
import { formatClock } from "~/i18n/format";
import { parsePreviewTrack, previewTileAt, type PreviewSource, type PreviewTile } from "~/features/video-engine/seek-previews";

const TILE_WIDTH = 160;
const TILE_HEIGHT = 90;

/** The tracks fetched, the few asked last: an evening of episodes in one page must not keep every one (decision 0247). */
const tracks = new Map<string, Promise<PreviewTile[]>>();
const KEPT_TRACKS = 4;

function loadTrack(url: string): Promise<PreviewTile[]> {
  let track = tracks.get(url);
  // The latest asked goes last, so the one asked longest ago goes first.
  if (track) {
    tracks.delete(url);
    tracks.set(url, track);
  } else {
    track = fetch(url)
      .then((answer) => (answer.ok ? answer.text() : ""))
      .then((text) => {
        const tiles = parsePreviewTrack(text, new URL(url, window.location.href).href);
        for (const sheet of new Set(tiles.map((tile) => tile.url))) {
          const image = new Image();
          image.src = sheet;
          void image.decode().catch(() => undefined);
        }
        return tiles;
      })
      .catch(() => []);
    tracks.set(url, track);
    for (const oldest of tracks.keys()) {
      if (tracks.size <= KEPT_TRACKS) break;
      tracks.delete(oldest);
    }
  }
  return track;
}

type Props = {
  /** The track to fetch, or the tiles built in the browser; with no tile for the moment, the time alone. */
  source: PreviewSource;
  /** The moment to show (seconds), and where over the bar it sits (0–1 of its width). */
  time: number;
  at: number;
};

export default function SeekPreview({ source, time, at }: Props) {
  const track = "track" in source ? source.track : null;
  const [trackTiles, setTrackTiles] = useState<PreviewTile[] | null>(null);
  useEffect(() => {
    if (!track) return;
    let current = true;
    void loadTrack(track).then((loaded) => current && setTrackTiles(loaded));
    return () => {
      current = false;
    };
  }, [track]);
  const tiles = "built" in source ? source.built : trackTiles;
  const tile = tiles ? previewTileAt(source, tiles, time) : null;
  const scale = tile?.width ? TILE_WIDTH / tile.width : 1;
  return (
    <div
      aria-hidden="true"
      data-seek-preview={tile ? "frame" : "time"}
      className="pointer-events-none absolute bottom-full mb-2 -translate-x-1/2 overflow-hidden rounded border border-white/30 bg-black/80 text-center text-xs shadow-lg"
      // Kept inside the bar: half a tile from either end.
      style={{ left: `clamp(${TILE_WIDTH / 2}px, ${at * 100}%, calc(100% - ${TILE_WIDTH / 2}px))` }}
    >
      {tile ? (
        <div
          style={{
            width: TILE_WIDTH,
            height: TILE_HEIGHT,
            backgroundImage: `url("${tile.url}")`,
            backgroundPosition: `-${tile.x * scale}px -${tile.y * scale}px`,
            backgroundSize: tile.width ? "auto" : "cover",
          }}
        />
      ) : null}
      <span className="block px-1.5 py-0.5 tabular-nums">{formatClock(time)}</span>
    </div>
  );
}
