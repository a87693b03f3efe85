// Deterministic demo catalogue: releases, episodes, torrents, members, franchises, teams, media.
import { SeededRandom } from "./random";
import {
  adjectives,
  becameRoles,
  closingSentences,
  everydayLives,
  genreNames,
  goals,
  heroes,
  incitingEvents,
  nouns,
  origins,
  persons,
  pronouns,
  releaseNotifications,
  sequelSuffixes,
  teamNicknames,
  titleHeads,
} from "./vocabulary";
import {
  DEMO_CLIP_SECONDS,
  DEMO_REFERENCE_TIME,
  EPISODE_PREVIEW_COUNT,
  AVATAR_COUNT,
  POSTER_COUNT,
  VIDEO_IMAGE_COUNT,
} from "./demo-constants";
import { pieceLengthFor, torrentContent, torrentInfoHash } from "../resources/torrent-file";
import { episodeTitles } from "./episode-titles";
import { normalizeSearchText } from "../resources/search-text";
import { genreMask } from "../resources/genre-mask";

export const RELEASE_TYPES = ["TV", "ONA", "WEB", "OVA", "OAD", "MOVIE", "DORAMA", "SPECIAL"] as const;
export const SEASONS = ["winter", "spring", "summer", "autumn"] as const;
export const AGE_RATINGS = ["R0_PLUS", "R6_PLUS", "R12_PLUS", "R16_PLUS", "R18_PLUS"] as const;
export type ReleaseType = (typeof RELEASE_TYPES)[number];

export interface ReleaseRow {
  id: number;
  alias: string;
  name_main: string;
  name_english: string;
  name_alternative: string | null;
  type: ReleaseType;
  year: number;
  season: string;
  age_rating: string;
  publish_day: number;
  notification: string | null;
  episodes_total: number | null;
  average_duration_of_episode: number | null;
  is_ongoing: number;
  is_in_production: number;
  is_blocked_by_geo: number;
  is_blocked_by_copyrights: number;
  external_player: string | null;
  poster_index: number;
  sponsor_id: string | null;
  /** Written as a BigInt, read back as a number (25 genres fit in 53 bits). */
  genre_mask: bigint | number;
  added_in_users_favorites: number;
  added_in_planned_collection: number;
  added_in_watched_collection: number;
  added_in_watching_collection: number;
  added_in_postponed_collection: number;
  added_in_abandoned_collection: number;
  fresh_at: string;
  created_at: string;
  updated_at: string;
}

export interface EpisodeRow {
  id: string;
  release_id: number;
  ordinal: number;
  sort_order: number;
  name: string | null;
  name_english: string | null;
  has_hls: number;
  rutube_id: string | null;
  youtube_id: string | null;
  duration: number;
  opening_start: number | null;
  opening_stop: number | null;
  ending_start: number | null;
  ending_stop: number | null;
  preview_index: number;
  updated_at: string;
}

export interface TorrentRow {
  id: number;
  release_id: number;
  hash: string;
  size: number;
  piece_length: number;
  type: string;
  color: string;
  codec: string;
  quality: string;
  label: string;
  filename: string;
  description: string;
  episodes_from: number;
  episodes_to: number;
  seeders: number;
  leechers: number;
  completed_times: number;
  bitrate: number;
  is_hardsub: number;
  sort_order: number;
  created_at: string;
  updated_at: string;
}

export interface DemoCatalogue {
  genres: { id: number; name: string; image_index: number }[];
  sponsors: { id: string; title: string; url_title: string; url: string; description: string }[];
  releases: ReleaseRow[];
  releaseGenres: [releaseId: number, genreId: number][];
  releaseSearchTexts: [releaseId: number, text: string][];
  releaseDescriptions: [releaseId: number, description: string][];
  episodes: EpisodeRow[];
  torrents: TorrentRow[];
  teamRoles: { id: string; title: string; color: string; sort_order: number }[];
  teams: { id: string; title: string; description: string; sort_order: number }[];
  teamUsers: {
    id: string;
    account_id: number;
    team_id: string;
    nickname: string;
    avatar_index: number;
    is_intern: number;
    is_vacation: number;
    sort_order: number;
  }[];
  teamUserRoles: [teamUserId: string, roleId: string][];
  members: {
    id: string;
    release_id: number;
    team_user_id: string;
    role: string;
    nickname: string;
    sort_order: number;
  }[];
  franchises: { id: string; name: string; name_english: string; poster_index: number; rating: number }[];
  franchiseReleases: { id: string; franchise_id: string; release_id: number; sort_order: number }[];
  videoOrigins: { id: string; title: string; url: string; type: string; is_announce: number }[];
  videos: {
    id: number;
    origin_id: string;
    title: string;
    video_id: string;
    views: number;
    comments: number;
    image_index: number;
    is_announce: number;
    created_at: string;
    updated_at: string;
  }[];
  promotions: {
    id: string;
    title: string;
    description: string;
    url: string;
    url_label: string;
    image_index: number;
    release_id: number | null;
    is_ad: number;
    ad_erid: string | null;
    ad_origin: string | null;
    has_overlay: number;
    sort_order: number;
  }[];
}

interface Title {
  ru: string;
  en: string;
}

const DAY = 86_400_000;
const isoAt = (time: number): string => new Date(Math.min(time, DEMO_REFERENCE_TIME)).toISOString();
const seasonStartMonth: Record<string, number> = { winter: 0, spring: 3, summer: 6, autumn: 9 };

function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

function composeTitle(random: SeededRandom): Title {
  const template = random.weighted([
    ["adjective-noun", 30],
    ["head-genitive", 35],
    ["person-origin", 18],
    ["became", 10],
    ["adjective-noun-subtitle", 7],
  ] as const);
  const adjective = random.pick(adjectives);
  const noun = random.pick(nouns);
  const agreed = noun.gender === "m" ? adjective.m : noun.gender === "f" ? adjective.f : adjective.n;
  const capitalize = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
  switch (template) {
    case "adjective-noun":
      return { ru: capitalize(`${agreed} ${noun.nominative}`), en: `The ${adjective.en} ${noun.en}` };
    case "head-genitive": {
      const head = random.pick(titleHeads);
      // "Тайна тайного леса" repeats a root; such pairs fall back to the plain form.
      if (head.ru.toLowerCase().slice(0, 4) === adjective.m.slice(0, 4)) {
        return { ru: capitalize(`${agreed} ${noun.nominative}`), en: `The ${adjective.en} ${noun.en}` };
      }
      const genitiveAdjective = noun.gender === "f" ? adjective.genitiveF : adjective.genitiveM;
      return { ru: `${head.ru} ${genitiveAdjective} ${noun.genitive}`, en: `${head.en} ${adjective.en} ${noun.en}` };
    }
    case "person-origin": {
      const person = random.pick(persons);
      const origin = random.pick(origins);
      return { ru: `${person.ru} ${origin.ru}`, en: `${person.en} ${origin.en}` };
    }
    case "became":
      return random.pick(becameRoles);
    case "adjective-noun-subtitle": {
      const subtitle = random.pick([
        { ru: "Возрождение", en: "Rebirth" },
        { ru: "Путь домой", en: "The Way Home" },
        { ru: "Последняя глава", en: "The Final Chapter" },
        { ru: "Без права на ошибку", en: "No Room for Mistakes" },
      ]);
      return {
        ru: `${capitalize(`${agreed} ${noun.nominative}`)}: ${subtitle.ru}`,
        en: `The ${adjective.en} ${noun.en}: ${subtitle.en}`,
      };
    }
  }
}

function composeDescription(random: SeededRandom): string {
  const hero = random.pick(heroes);
  const pronoun = pronouns[hero.gender];
  const closing = random
    .pick(closingSentences)
    .replace("{dative}", pronoun.dative)
    .replace("{Nominative}", pronoun.nominative.charAt(0).toUpperCase() + pronoun.nominative.slice(1))
    .replace("{genitive}", pronoun.genitive);
  return [
    `${hero.text} ${random.pick(everydayLives)}.`,
    `Всё меняется, когда ${random.pick(incitingEvents)}.`,
    `Теперь ${pronoun.dative} предстоит ${random.pick(goals)}.`,
    closing,
  ].join(" ");
}

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

const torrentVariants = [
  { quality: "1080p", codec: "x265/HEVC", type: "WEBRip", color: "10Bit", perEpisodeMb: 380, bitrate: 2100 },
  { quality: "1080p", codec: "x264/AVC", type: "WEBRip", color: "8bit", perEpisodeMb: 1250, bitrate: 6800 },
  { quality: "720p", codec: "x264/AVC", type: "WEBRip", color: "8bit", perEpisodeMb: 560, bitrate: 3000 },
  { quality: "1080p", codec: "AV1", type: "BDRip", color: "10Bit", perEpisodeMb: 300, bitrate: 1700 },
  { quality: "480p", codec: "x264/AVC", type: "TVRip", color: "8bit", perEpisodeMb: 250, bitrate: 1200 },
] as const;

export interface GenerateOptions {
  releases: number;
  seed?: number;
}

export function generateDemoCatalogue({ releases: releaseCount, seed = 20251 }: GenerateOptions): DemoCatalogue {
  const random = new SeededRandom(seed);
  const large = releaseCount > 2000;
  const catalogue: DemoCatalogue = {
    genres: genreNames.map((name, index) => ({ id: index + 1, name, image_index: index + 1 })),
    sponsors: [
      {
        id: random.uuid(),
        title: "Кинотеатр «Северное сияние»",
        url_title: "Перейти на сайт",
        url: "https://example.com/cinema",
        description: "Спонсор озвучки сезона.",
      },
      {
        id: random.uuid(),
        title: "Магазин манги «Том второй»",
        url_title: "В магазин",
        url: "https://example.com/manga",
        description: "Манга и ранобэ с доставкой.",
      },
      {
        id: random.uuid(),
        title: "Студия звукозаписи «Эхо»",
        url_title: "Подробнее",
        url: "https://example.com/studio",
        description: "Помогает команде с оборудованием.",
      },
    ],
    releases: [],
    releaseGenres: [],
    releaseSearchTexts: [],
    releaseDescriptions: [],
    episodes: [],
    torrents: [],
    teamRoles: [],
    teams: [],
    teamUsers: [],
    teamUserRoles: [],
    members: [],
    franchises: [],
    franchiseReleases: [],
    videoOrigins: [],
    videos: [],
    promotions: [],
  };

  generateTeams(random, catalogue);
  const voiceActors = catalogue.teamUsers.filter((user) => user.team_id === catalogue.teams[0]!.id);
  const staffByRole = new Map<string, typeof catalogue.teamUsers>();
  const roleOfTeam = ["voicing", "translating", "timing", "editing", "decorating"];
  catalogue.teams.forEach((team, index) =>
    staffByRole.set(
      roleOfTeam[index] ?? "poster",
      catalogue.teamUsers.filter((user) => user.team_id === team.id)
    )
  );

  const usedAliases = new Set<string>();
  const usedTitles = new Set<string>();
  let torrentId = 1;
  let releaseId = 1;
  while (releaseId <= releaseCount) {
    const remaining = releaseCount - releaseId + 1;
    const franchiseSize = remaining >= 2 && random.chance(0.12) ? random.int(2, Math.min(4, remaining)) : 1;
    // Unrelated releases should not share a title; at benchmark scale the word lists run out, so give up after a few tries.
    let base = composeTitle(random);
    for (let attempt = 0; attempt < 8 && usedTitles.has(base.ru); attempt++) base = composeTitle(random);
    usedTitles.add(base.ru);
    const baseDescription = composeDescription(random);
    let year = random.weighted([
      [random.int(1998, 2010), 2],
      [random.int(2011, 2020), 4],
      [random.int(2021, 2026), 6],
    ] as const);
    if (franchiseSize > 1) year = Math.min(year, 2026 - franchiseSize);
    const franchiseId = franchiseSize > 1 ? random.uuid() : null;
    const posterIndex = random.int(1, POSTER_COUNT);
    const genreIds = random.sample(
      catalogue.genres.map((genre) => genre.id),
      random.int(2, 4)
    );
    if (franchiseId) {
      catalogue.franchises.push({
        id: franchiseId,
        name: base.ru,
        name_english: base.en,
        poster_index: posterIndex,
        rating: Math.round(random.next() * 300 + 650) / 100,
      });
    }

    const usedSuffixes = new Set<string>();
    for (let part = 0; part < franchiseSize; part++, releaseId++) {
      const allowed = sequelSuffixes.filter(
        (candidate) => candidate.parts.includes(part) && !usedSuffixes.has(candidate.ru)
      );
      const suffix = part === 0 || allowed.length === 0 ? null : random.pick(allowed);
      if (suffix) usedSuffixes.add(suffix.ru);
      const title: Title = suffix ? { ru: base.ru + suffix.ru, en: base.en + suffix.en } : base;
      const type: ReleaseType =
        (suffix?.type as ReleaseType | undefined) ??
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
      if (part > 0) year = Math.min(2026, year + random.int(1, 2));
      const season = year === 2026 ? random.pick(["summer", "autumn", "autumn"]) : random.pick(SEASONS);
      const isAnnouncement = !large && year === 2026 && random.chance(0.12);
      const isOngoing =
        !isAnnouncement && year >= 2025 && type !== "MOVIE" && random.chance(year === 2026 ? 0.8 : 0.35);
      const isInProduction = isAnnouncement || isOngoing || random.chance(0.06);
      const blockedByCopyrights = random.chance(0.02);
      const blockedByGeo = !blockedByCopyrights && random.chance(0.02);
      const totalEpisodes = episodeCountFor(type, random, large);
      const publishedEpisodes = isAnnouncement
        ? 0
        : isOngoing
        ? random.int(1, Math.max(1, totalEpisodes - 1))
        : totalEpisodes;
      const videoSource = blockedByCopyrights
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
            DEMO_REFERENCE_TIME - random.int(8 * 24, 60 * 24) * 3_600_000
          );
      let alias = slugify(title.en);
      if (usedAliases.has(alias)) alias = `${alias}-${releaseId}`;
      usedAliases.add(alias);
      const popularity = Math.floor(Math.pow(random.next(), 3) * (year >= 2020 ? 60_000 : 25_000));
      const release: ReleaseRow = {
        id: releaseId,
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
        is_blocked_by_geo: blockedByGeo ? 1 : 0,
        is_blocked_by_copyrights: blockedByCopyrights ? 1 : 0,
        external_player: !blockedByCopyrights && random.chance(0.02) ? `/embedded/player/${alias}` : null,
        poster_index: part === 0 ? posterIndex : random.int(1, POSTER_COUNT),
        sponsor_id: random.chance(0.08) ? random.pick(catalogue.sponsors).id : null,
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
      catalogue.releases.push(release);
      catalogue.releaseDescriptions.push([releaseId, part === 0 ? baseDescription : composeDescription(random)]);
      catalogue.releaseSearchTexts.push([releaseId, normalizeSearchText(`${title.ru} ${title.en} ${alias}`)]);
      const releaseGenres =
        part === 0
          ? genreIds
          : random.sample(
              catalogue.genres.map((genre) => genre.id),
              random.int(2, 4)
            );
      for (const genreId of releaseGenres) catalogue.releaseGenres.push([releaseId, genreId]);
      release.genre_mask = genreMask(releaseGenres);
      if (franchiseId) {
        catalogue.franchiseReleases.push({
          id: random.uuid(),
          franchise_id: franchiseId,
          release_id: releaseId,
          sort_order: part + 1,
        });
      }

      generateEpisodes(random, catalogue, release, publishedEpisodes, videoSource, seasonStart, large);
      generateMembers(random, catalogue, release, voiceActors, staffByRole, large);
      if (publishedEpisodes > 0 && !blockedByCopyrights) {
        const variants = large ? [torrentVariants[0]] : random.sample(torrentVariants, random.int(1, 3));
        variants.forEach((variant, index) => {
          if (!variant) return;
          const from = 1;
          const to = publishedEpisodes;
          const range = from === to ? `${from}` : `${from}-${to}`;
          const codecShort = variant.codec.split("/")[1] ?? variant.codec;
          const folder = `${title.en.replace(/[^A-Za-z0-9]+/g, "_").replace(/^_|_$/g, "")}_[${String(from).padStart(
            2,
            "0"
          )}-${String(to).padStart(2, "0")}]_[AniLibria]_[${variant.type}_${variant.quality}_${codecShort}]`;
          const size = Math.round(
            variant.perEpisodeMb * publishedEpisodes * (0.85 + random.next() * 0.3) * 1024 * 1024
          );
          const id = torrentId++;
          const row: TorrentRow = {
            id,
            release_id: releaseId,
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
    }
  }

  generateMedia(random, catalogue);
  return catalogue;
}

function generateEpisodes(
  random: SeededRandom,
  catalogue: DemoCatalogue,
  release: ReleaseRow,
  published: number,
  videoSource: "hls" | "rutube" | "youtube" | "hls+rutube" | "none",
  seasonStart: number,
  large: boolean
): void {
  const withRecap = !large && release.type === "TV" && published >= 8 && random.chance(0.12);
  const ordinals: number[] = [];
  for (let number = 1; number <= published; number++) {
    ordinals.push(number);
    if (withRecap && number === 6) ordinals.push(6.5);
  }
  const hasMarkers = release.type !== "MOVIE";
  ordinals.forEach((ordinal, index) => {
    const title = random.pick(episodeTitles);
    const withHls = videoSource === "hls" || videoSource === "hls+rutube";
    const isRecap = !Number.isInteger(ordinal);
    catalogue.episodes.push({
      id: random.uuid(),
      release_id: release.id,
      ordinal,
      sort_order: index + 1,
      name: isRecap ? "Спецвыпуск: оглядываясь назад" : random.chance(0.9) ? title.ru : null,
      name_english: isRecap ? "Special: Looking Back" : title.en,
      has_hls: withHls ? 1 : 0,
      rutube_id: videoSource === "rutube" || videoSource === "hls+rutube" ? random.hexString(32) : null,
      youtube_id: videoSource === "youtube" ? youtubeId(random) : null,
      duration: withHls ? DEMO_CLIP_SECONDS : release.type === "MOVIE" ? 6300 : 1440,
      opening_start: hasMarkers && !isRecap ? 2 : null,
      opening_stop: hasMarkers && !isRecap ? 8 : null,
      ending_start: hasMarkers && !isRecap ? DEMO_CLIP_SECONDS - 6 : null,
      ending_stop: hasMarkers && !isRecap ? DEMO_CLIP_SECONDS : null,
      preview_index: random.int(1, EPISODE_PREVIEW_COUNT),
      updated_at: isoAt(
        release.is_ongoing
          ? Date.parse(release.fresh_at) - (ordinals.length - 1 - index) * 7 * DAY
          : seasonStart + index * 7 * DAY
      ),
    });
  });
}

function youtubeId(random: SeededRandom): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  return Array.from({ length: 11 }, () => alphabet[Math.floor(random.next() * alphabet.length)]).join("");
}

function generateMembers(
  random: SeededRandom,
  catalogue: DemoCatalogue,
  release: ReleaseRow,
  voiceActors: DemoCatalogue["teamUsers"],
  staffByRole: Map<string, DemoCatalogue["teamUsers"]>,
  large: boolean
): void {
  const assignments: [string, DemoCatalogue["teamUsers"][number]][] = [];
  for (const actor of random.sample(voiceActors, large ? 2 : random.int(2, 4))) assignments.push(["voicing", actor]);
  const optionalRoles: [string, number][] = large
    ? [["timing", 1]]
    : [
        ["translating", 0.9],
        ["timing", 1],
        ["editing", 0.5],
        ["decorating", 0.3],
        ["poster", 0.3],
      ];
  for (const [role, probability] of optionalRoles) {
    const pool = staffByRole.get(role === "poster" ? "decorating" : role) ?? [];
    if (pool.length > 0 && random.chance(probability)) assignments.push([role, random.pick(pool)]);
  }
  assignments.forEach(([role, user], index) =>
    catalogue.members.push({
      id: random.uuid(),
      release_id: release.id,
      team_user_id: user.id,
      role,
      nickname: user.nickname,
      sort_order: index + 1,
    })
  );
}

function generateTeams(random: SeededRandom, catalogue: DemoCatalogue): void {
  const teamSpecs = [
    { title: "Озвучка", description: "Голоса АниЛибрии", roles: [["Войсер", "#e53935"]] },
    { title: "Перевод", description: "Переводчики и редакторы субтитров", roles: [["Переводчик", "#1e88e5"]] },
    { title: "Тайминг", description: "Сведение звука и тайминг", roles: [["Таймер", "#43a047"]] },
    { title: "Редактура", description: "Вычитка и правка текстов", roles: [["Редактор", "#8e24aa"]] },
    {
      title: "Оформление",
      description: "Постеры, надписи и релизы",
      roles: [
        ["Дизайнер", "#fb8c00"],
        ["Релизёр", "#6d4c41"],
      ],
    },
  ] as const;
  let roleOrder = 1;
  const teamRoleIds: string[][] = [];
  teamSpecs.forEach((spec, index) => {
    const teamId = random.uuid();
    catalogue.teams.push({ id: teamId, title: spec.title, description: spec.description, sort_order: index + 1 });
    teamRoleIds.push(
      spec.roles.map(([title, color]) => {
        const id = random.uuid();
        catalogue.teamRoles.push({ id, title, color, sort_order: roleOrder++ });
        return id;
      })
    );
  });
  teamNicknames.forEach((nickname, index) => {
    const teamIndex = index < 10 ? 0 : 1 + ((index - 10) % 4);
    const team = catalogue.teams[teamIndex]!;
    const id = random.uuid();
    catalogue.teamUsers.push({
      id,
      account_id: 1000 + index,
      team_id: team.id,
      nickname,
      avatar_index: (index % AVATAR_COUNT) + 1,
      is_intern: random.chance(0.15) ? 1 : 0,
      is_vacation: random.chance(0.1) ? 1 : 0,
      sort_order: index + 1,
    });
    for (const roleId of teamRoleIds[teamIndex] ?? []) catalogue.teamUserRoles.push([id, roleId]);
  });
}

function generateMedia(random: SeededRandom, catalogue: DemoCatalogue): void {
  const origins = [
    {
      id: random.uuid(),
      title: "АниЛибрия — анонсы и трейлеры",
      url: "https://www.youtube.com/playlist?list=PLdemoAnnouncements",
      type: "YOUTUBE_PLAYLIST",
      is_announce: 1,
    },
    {
      id: random.uuid(),
      title: "За кадром: как мы озвучиваем",
      url: "https://www.youtube.com/playlist?list=PLdemoBackstage",
      type: "YOUTUBE_PLAYLIST",
      is_announce: 0,
    },
  ];
  catalogue.videoOrigins.push(...origins);
  const videoTitles = [
    "Трейлер осеннего сезона",
    "Как проходит запись озвучки",
    "Топ-10 онгоингов недели",
    "Интервью с командой тайминга",
    "Анонс новых релизов",
    "Итоги года: любимые сериалы зрителей",
    "Разбор опенинга: кто это спел?",
    "Стрим с командой: отвечаем на вопросы",
    "Трейлер зимнего сезона",
    "Лучшие моменты летнего сезона",
    "Как стать частью команды",
    "Закулисье: один день из жизни релизёра",
  ];
  videoTitles.forEach((title, index) => {
    const origin = origins[index % 2 === 0 ? 0 : 1]!;
    const created = DEMO_REFERENCE_TIME - index * 9 * DAY - random.int(0, 5) * DAY;
    catalogue.videos.push({
      id: index + 1,
      origin_id: origin.id,
      title,
      video_id: youtubeId(random),
      views: random.int(2_000, 400_000),
      comments: random.int(10, 3_000),
      image_index: (index % VIDEO_IMAGE_COUNT) + 1,
      is_announce: origin.is_announce,
      created_at: isoAt(created),
      updated_at: isoAt(created + DAY),
    });
  });
  const popular = [...catalogue.releases]
    .filter((release) => release.is_ongoing)
    .sort((a, b) => b.added_in_users_favorites - a.added_in_users_favorites)
    .slice(0, 2);
  popular.forEach((release, index) =>
    catalogue.promotions.push({
      id: random.uuid(),
      title: release.name_main,
      description: "Новый сезон уже в озвучке АниЛибрии — смотрите первыми.",
      url: `/anime/releases/release/${release.alias}`,
      url_label: "Смотреть",
      image_index: release.poster_index,
      release_id: release.id,
      is_ad: 0,
      ad_erid: null,
      ad_origin: null,
      has_overlay: 1,
      sort_order: index + 1,
    })
  );
  catalogue.promotions.push(
    {
      id: random.uuid(),
      title: "Поддержите АниЛибрию",
      description: "Проект живёт на пожертвования зрителей. Каждый рубль — это новая серия.",
      url: "/support",
      url_label: "Поддержать",
      image_index: 5,
      release_id: null,
      is_ad: 0,
      ad_erid: null,
      ad_origin: null,
      has_overlay: 1,
      sort_order: 3,
    },
    {
      id: random.uuid(),
      title: "Магазин манги «Том второй»",
      description: "Скидка 15 % на первый заказ по промокоду LIBRIA.",
      url: "https://example.com/manga",
      url_label: "В магазин",
      image_index: 9,
      release_id: null,
      is_ad: 1,
      ad_erid: "2VtzqwDemoErid",
      ad_origin: "ООО «Том второй», ИНН 7700000000",
      has_overlay: 0,
      sort_order: 4,
    }
  );
}
