// A release's torrents: one to three encodes of its published episodes.
import type { ReleaseRow, TorrentRow } from "../../db/rows";
import { pieceLengthFor, torrentContent, torrentInfoHash } from "../../resources/torrent-file";
import { DAY, isoAt, type DemoCatalogue } from "../demo-catalogue";
import type { SeededRandom } from "../random";
import type { Title } from "./titles";

const torrentVariants = [
  { quality: "1080p", codec: "x265/HEVC", type: "WEBRip", color: "10Bit", perEpisodeMb: 380, bitrate: 2100 },
  { quality: "1080p", codec: "x264/AVC", type: "WEBRip", color: "8bit", perEpisodeMb: 1250, bitrate: 6800 },
  { quality: "720p", codec: "x264/AVC", type: "WEBRip", color: "8bit", perEpisodeMb: 560, bitrate: 3000 },
  { quality: "1080p", codec: "AV1", type: "BDRip", color: "10Bit", perEpisodeMb: 300, bitrate: 1700 },
  { quality: "480p", codec: "x264/AVC", type: "TVRip", color: "8bit", perEpisodeMb: 250, bitrate: 1200 },
] as const;

export function generateTorrents(
  random: SeededRandom,
  catalogue: DemoCatalogue,
  release: ReleaseRow,
  title: Title,
  publishedEpisodes: number,
  seasonStart: number,
  large: boolean,
): void {
  const variants = large ? torrentVariants.slice(0, 1) : random.sample(torrentVariants, random.int(1, 3));
  variants.forEach((variant, index) => {
    const from = 1;
    const to = publishedEpisodes;
    const range = from === to ? `${from}` : `${from}-${to}`;
    const codecShort = variant.codec.split("/")[1] ?? variant.codec;
    const episodesRange = `${String(from).padStart(2, "0")}-${String(to).padStart(2, "0")}`;
    const englishTitle = title.en.replace(/[^A-Za-z0-9]+/g, "_").replace(/^_|_$/g, "");
    const folder = `${englishTitle}_[${episodesRange}]_[AniLibria]_[${variant.type}_${variant.quality}_${codecShort}]`;
    const size = Math.round(variant.perEpisodeMb * publishedEpisodes * (0.85 + random.next() * 0.3) * 1024 * 1024);
    const row: TorrentRow = {
      id: catalogue.torrents.length + 1,
      release_id: release.id,
      hash: "",
      size,
      piece_length: pieceLengthFor(size),
      type: variant.type,
      color: variant.color,
      codec: variant.codec,
      quality: variant.quality,
      label: `${title.ru} ${range} [${variant.type} ${variant.quality} ${codecShort}]`,
      filename: `${folder}.torrent`,
      description: range,
      episodes_from: from,
      episodes_to: to,
      seeders: random.int(0, 900),
      leechers: random.int(0, 120),
      completed_times: random.int(10, 40_000),
      bitrate: variant.bitrate,
      is_hardsub: random.chance(0.05) ? 1 : 0,
      sort_order: index + 1,
      created_at: isoAt(seasonStart + DAY),
      updated_at: release.fresh_at,
    };
    row.hash = torrentInfoHash(torrentContent(row));
    catalogue.torrents.push(row);
  });
}
