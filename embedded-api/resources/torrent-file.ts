// Builds the .torrent metainfo of a demo torrent; the same info dictionary gives the info hash.
import crypto from "node:crypto";
import { bencode, type BencodeValue } from "./bencode";

export interface TorrentContent {
  id: number;
  folderName: string;
  episodeFileNames: string[];
  size: number;
  pieceLength: number;
}

export const TRACKERS = ["udp://tracker.opentrackr.org:1337/announce", "udp://open.stealth.si:80/announce"];

export function pieceLengthFor(size: number): number {
  let pieceLength = 4 * 1024 * 1024;
  while (size / pieceLength > 256) pieceLength *= 2;
  return pieceLength;
}

function infoDictionary(content: TorrentContent): Record<string, BencodeValue> {
  const pieceCount = Math.max(1, Math.ceil(content.size / content.pieceLength));
  const digest = crypto.createHash("sha1").update(`anilibria-demo-torrent-${content.id}`).digest();
  // The demo has no real payload, so the piece hashes are a deterministic filler of the right length.
  const pieces = Buffer.alloc(pieceCount * 20);
  for (let offset = 0; offset < pieces.length; offset += 20) digest.copy(pieces, offset);
  const fileCount = Math.max(1, content.episodeFileNames.length);
  const baseLength = Math.floor(content.size / fileCount);
  const files = content.episodeFileNames.map((fileName, index) => ({
    length: index === fileCount - 1 ? content.size - baseLength * (fileCount - 1) : baseLength,
    path: [fileName],
  }));
  return { files, name: content.folderName, "piece length": content.pieceLength, pieces };
}

export function torrentInfoHash(content: TorrentContent): string {
  return crypto
    .createHash("sha1")
    .update(bencode(infoDictionary(content)))
    .digest("hex");
}

export function torrentFile(content: TorrentContent, announceUrls: string[], createdAt: number): Buffer {
  return bencode({
    announce: announceUrls[0] ?? TRACKERS[0]!,
    "announce-list": announceUrls.map((url) => [url]),
    comment: "AniLibria — демонстрационный торрент встроенного API",
    "created by": "AniLibria embedded API",
    "creation date": Math.floor(createdAt / 1000),
    info: infoDictionary(content),
  });
}

export function magnetLink(hash: string, displayName: string): string {
  const trackers = TRACKERS.map((tracker) => `&tr=${encodeURIComponent(tracker)}`).join("");
  return `magnet:?xt=urn:btih:${hash}&dn=${encodeURIComponent(displayName)}${trackers}`;
}

export function torrentContent(row: {
  id: number;
  filename: string;
  size: number;
  piece_length: number;
  episodes_from: number;
  episodes_to: number;
}): TorrentContent {
  const folderName = row.filename.replace(/\.torrent$/, "");
  const episodeFileNames: string[] = [];
  for (let episode = row.episodes_from; episode <= row.episodes_to; episode++) {
    episodeFileNames.push(`${folderName}_${String(episode).padStart(2, "0")}.mkv`);
  }
  return { id: row.id, folderName, episodeFileNames, size: row.size, pieceLength: row.piece_length };
}
