// One release row: its kind, season, airing state, popularity and dates, from a (franchise) title.
import { SEASONS, type ReleaseRow, type ReleaseType, type SponsorRow } from "../../db/rows";
import { DEMO_REFERENCE_TIME, POSTER_COUNT } from "../../demo-constants";
import { DAY, isoAt } from "../demo-catalogue";
import type { SeededRandom } from "../random";
import { releaseNotifications } from "../vocabulary";
import type { VideoSource } from "./episodes";
import { slugify, type Title } from "./titles";

const seasonStartMonth: Record<string, number> = { winter: 0, spring: 3, summer: 6, autumn: 9 };

const averageMinutes: Record<ReleaseType, number> = {
  TV: 24,
  ONA: 15,
  WEB: 12,
  OVA: 30,
  OAD: 25,
  MOVIE: 105,
  DORAMA: 45,
  SPECIAL: 20,
};

function episodeCountFor(type: ReleaseType, random: SeededRandom, light: boolean): number {
  if (light) return type === "MOVIE" ? 1 : random.int(2, 4);
  switch (type) {
    case "TV":
      return random.pick([12, 12, 13, 24, 25, 11]);
    case "ONA":
    case "WEB":
      return random.int(6, 12);
    case "OVA":
      return random.int(1, 4);
    case "OAD":
      return random.int(1, 2);
    case "MOVIE":
      return 1;
    case "DORAMA":
      return random.int(8, 16);
    case "SPECIAL":
      return random.int(1, 3);
  }
}

export interface ReleaseDraft {
  id: number;
  title: Title;
  /** Set by a sequel's suffix; otherwise the first part's kind is drawn and later parts are TV. */
  suffixType: ReleaseType | undefined;
  part: number;
  year: number;
  franchisePosterIndex: number;
  sponsors: readonly SponsorRow[];
  usedAliases: Set<string>;
  /** Benchmark scale: fewer episodes, no announcements. */
  large: boolean;
}

export interface ComposedRelease {
  release: ReleaseRow;
  publishedEpisodes: number;
  videoSource: VideoSource;
  seasonStart: number;
  isBlockedByCopyrights: boolean;
}

export function composeRelease(random: SeededRandom, draft: ReleaseDraft): ComposedRelease {
  const { id, title, part, year, large } = draft;
  const type: ReleaseType =
    draft.suffixType ??
    (part > 0
      ? "TV"
      : random.weighted([
          ["TV", 46],
          ["ONA", 8],
          ["WEB", 9],
          ["OVA", 8],
          ["OAD", 3],
          ["MOVIE", 12],
          ["DORAMA", 5],
          ["SPECIAL", 6],
        ] as const));
  const season = year === 2026 ? random.pick(["summer", "autumn", "autumn"]) : random.pick(SEASONS);
  const isAnnouncement = !large && year === 2026 && random.chance(0.12);
  const isOngoing = !isAnnouncement && year >= 2025 && type !== "MOVIE" && random.chance(year === 2026 ? 0.8 : 0.35);
  const isInProduction = isAnnouncement || isOngoing || random.chance(0.06);
  const isBlockedByCopyrights = random.chance(0.02);
  const isBlockedByGeo = !isBlockedByCopyrights && random.chance(0.02);
  const totalEpisodes = episodeCountFor(type, random, large);
  const publishedEpisodes = isAnnouncement ? 0 : isOngoing ? random.int(1, Math.max(1, totalEpisodes - 1)) : totalEpisodes;
  const videoSource: VideoSource = isBlockedByCopyrights
    ? "none"
    : random.weighted([
        ["hls", 90],
        ["rutube", 5],
        ["youtube", 3],
        ["hls+rutube", 2],
      ] as const);
  const seasonStart = Date.UTC(year, seasonStartMonth[season] ?? 0, random.int(1, 25), random.int(9, 20));
  const freshAt = isOngoing
    ? DEMO_REFERENCE_TIME - random.int(0, 7 * 24) * 3_600_000
    : Math.min(
        seasonStart + (publishedEpisodes + random.int(0, 20)) * 7 * DAY,
        DEMO_REFERENCE_TIME - random.int(8 * 24, 60 * 24) * 3_600_000,
      );
  let alias = slugify(title.en);
  if (draft.usedAliases.has(alias)) alias = `${alias}-${id}`;
  draft.usedAliases.add(alias);
  const popularity = Math.floor(Math.pow(random.next(), 3) * (year >= 2020 ? 60_000 : 25_000));
  const release: ReleaseRow = {
    id,
    alias,
    name_main: title.ru,
    name_english: title.en,
    name_alternative: random.chance(0.2) ? title.en.toUpperCase() : null,
    type,
    year,
    season,
    age_rating: random.weighted([
      ["R0_PLUS", 5],
      ["R6_PLUS", 14],
      ["R12_PLUS", 30],
      ["R16_PLUS", 41],
      ["R18_PLUS", 10],
    ] as const),
    publish_day: random.int(1, 7),
    notification: isOngoing && random.chance(0.1) ? random.pick(releaseNotifications) : null,
    episodes_total: isAnnouncement && random.chance(0.5) ? null : totalEpisodes,
    average_duration_of_episode: isAnnouncement ? null : averageMinutes[type],
    is_ongoing: isOngoing ? 1 : 0,
    is_in_production: isInProduction ? 1 : 0,
    is_blocked_by_geo: isBlockedByGeo ? 1 : 0,
    is_blocked_by_copyrights: isBlockedByCopyrights ? 1 : 0,
    external_player: !isBlockedByCopyrights && random.chance(0.02) ? `/embedded/player/${alias}` : null,
    poster_index: part === 0 ? draft.franchisePosterIndex : random.int(1, POSTER_COUNT),
    sponsor_id: random.chance(0.08) ? random.pick(draft.sponsors).id : null,
    genre_mask: 0n,
    added_in_users_favorites: popularity,
    added_in_planned_collection: Math.floor(popularity * 0.4),
    added_in_watched_collection: isOngoing ? Math.floor(popularity * 0.05) : Math.floor(popularity * 0.6),
    added_in_watching_collection: isOngoing ? Math.floor(popularity * 0.5) : Math.floor(popularity * 0.08),
    added_in_postponed_collection: Math.floor(popularity * 0.07),
    added_in_abandoned_collection: Math.floor(popularity * 0.03),
    fresh_at: isoAt(freshAt),
    created_at: isoAt(seasonStart - 30 * DAY),
    updated_at: isoAt(freshAt),
  };
  return { release, publishedEpisodes, videoSource, seasonStart, isBlockedByCopyrights };
}
