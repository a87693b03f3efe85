import type { Labelled } from "./enumeration";
import type { Image } from "./image";
import type { Release } from "./release";

export type TorrentMember = {
  id: string;
  nickname: string | null;
  role: Labelled<string>;
  externalUrl: string | null;
  user: { id: number; avatar: Image } | null;
};

export type Torrent = {
  id: number;
  hash: string;
  /** Bytes. */
  size: number | null;
  label: string | null;
  filename: string | null;
  magnet: string | null;
  description: string | null;
  type: Labelled<string>;
  quality: Labelled<string>;
  color: Labelled<string>;
  codec: Labelled<string> & { label: string | null };
  seeders: number;
  leechers: number;
  completedTimes: number;
  bitrate: number | null;
  isHardsub: boolean;
  sortOrder: number | null;
  createdAt: string | null;
  updatedAt: string | null;
  members: TorrentMember[];
  /** Present in the torrent feed and on one torrent; null in a release's own list. */
  release: Release | null;
};
