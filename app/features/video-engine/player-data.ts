// What a player page's loader sends the browser: only the fields the page renders.
import type { BellState } from "~/domain/episode-bell";
import type { TimecodeEntry } from "~/domain/account";
import type { EpisodeSkip } from "~/domain/release";
import type { Rendition } from "./renditions";

export type PlayerEpisode = {
  id: string;
  name: string | null;
  ordinal: number | null;
  opening: EpisodeSkip | null;
  ending: EpisodeSkip | null;
  preview: string | null;
  /** Seconds, when the upstream knows it. */
  duration: number | null;
  renditions: Rendition[];
  rutubeId: string | null;
  youtubeId: string | null;
};

export type QueueEpisode = { id: string; ordinal: number | null; name: string | null; preview: string | null; duration: number | null };

export type PlayerRelease = {
  id: number;
  alias: string;
  title: string;
  titleEnglish: string | null;
  poster: string | null;
  isBlockedByGeo: boolean;
  isBlockedByCopyrights: boolean;
  externalPlayer: string | null;
};

export type DownloadOption = {
  id: number;
  label: string;
  quality: string | null;
  /** Bytes. */
  size: number | null;
  seeders: number;
  leechers: number;
  magnet: string | null;
  fileUrl: string;
};

export type PlayerPageData = {
  episode: PlayerEpisode;
  release: PlayerRelease | null;
  /** The title's bell (decision 0284); null for an episode without a release. */
  bell: BellState | null;
  /** Episodes around this one in watching order (a window of a long release); the episode alone when it has no release. */
  queue: QueueEpisode[];
  /** Where the window sits in the whole list, so the queue can link to the episodes before and after it. */
  queueRange: { firstIndex: number; total: number };
  downloads: DownloadOption[];
  /** The signed-in user's saved positions in this release (null for visitors or when unavailable). */
  accountTimecodes: TimecodeEntry[] | null;
  view: "episode" | "queue";
  /** Fetched while the HTML parses (see player-preloads.server.ts). */
  preloads: { hlsChunk: string | null; earlyEngineChunks: string[]; fetches: string[] };
  /** An adult release without the viewer's confirmation yet: the page asks before anything plays. */
  ageConfirmationNeeded: boolean;
  /** The second a link to a moment asks for (`?t=`), where the episode starts instead of the saved position. */
  moment: number | null;
  /** UPSTREAM_MEDIA_URL's hosts when there are several (decision 0213); empty with one. */
  mediaMirrors: string[];
};

export type VideoSource =
  | { kind: "hls"; renditions: Rendition[] }
  | { kind: "rutube"; id: string }
  | { kind: "youtube"; id: string }
  | { kind: "external"; url: string }
  | { kind: "blocked-copyright" }
  | { kind: "blocked-geo" }
  | { kind: "none" };

/** How this episode can be watched here: blocks first, then our HLS, then embeds, then the external player. */
export function videoSourceOf(episode: PlayerEpisode, release: PlayerRelease | null): VideoSource {
  if (release?.isBlockedByCopyrights) return { kind: "blocked-copyright" };
  if (release?.isBlockedByGeo) return { kind: "blocked-geo" };
  if (episode.renditions.length > 0) return { kind: "hls", renditions: episode.renditions };
  if (episode.rutubeId) return { kind: "rutube", id: episode.rutubeId };
  if (episode.youtubeId) return { kind: "youtube", id: episode.youtubeId };
  if (release?.externalPlayer) return { kind: "external", url: release.externalPlayer };
  return { kind: "none" };
}

export function adjacentEpisodes(
  queue: readonly QueueEpisode[],
  episodeId: string,
): { previous: QueueEpisode | null; next: QueueEpisode | null } {
  const index = queue.findIndex((item) => item.id === episodeId);
  if (index < 0) return { previous: null, next: null };
  return { previous: queue[index - 1] ?? null, next: queue[index + 1] ?? null };
}
