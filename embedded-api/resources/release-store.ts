// Loads releases with their related rows in a few batched queries and shapes them like the live API.
import { prepareCached } from "../db/statement-cache";
import type { Db } from "../db/database";
import type { EpisodeRow, GenreRow, ReleaseMemberRow, ReleaseRow, SponsorRow, TorrentRow } from "../db/rows";
import { DEMO_CLIP_PATH, DEMO_CLIP_WITHOUT_PREVIEWS_PATH, LONG_RUNNING_RELEASE } from "../demo-constants";
import { imageSet } from "./images";
import {
  ageRatings,
  memberRoleDescriptions,
  publishDayNames,
  releaseTypeDescriptions,
  seasonDescriptions,
  torrentCodecLabels,
} from "./labels";
import { magnetLink } from "./torrent-file";

export interface ReleaseIncludes {
  genres?: boolean;
  episodes?: boolean;
  /**
   * Only these fields of each episode, read from only their columns: what the request's field selection can leave
   * (http/field-selection.ts `survivingFields`); every field when absent.
   */
  episodeFields?: ReadonlySet<string>;
  members?: boolean;
  torrents?: boolean;
  latestEpisode?: boolean;
  /** `background_covers`, which the live service adds to one release's answer and to random releases. */
  backgroundCovers?: boolean;
}

/** A release member with the team user's account and avatar joined in. */
type MemberWithAccountRow = Pick<ReleaseMemberRow, "id" | "release_id" | "role" | "nickname"> & {
  account_id: number | null;
  avatar_index: number | null;
};

/** A release row with its description, as ReleaseRow. */
export const RELEASE_SELECT = "SELECT r.*, d.description FROM releases r LEFT JOIN release_descriptions d ON d.release_id = r.id";

const placeholders = (count: number): string => Array.from({ length: count }, () => "?").join(", ");

type EpisodeSource = { row: EpisodeRow; releaseId: number; hls: (height: number) => string | null };

/** Each field of an episode as the live API answers it, in its order: the columns it is made of, and its value. */
const EPISODE_FIELDS: readonly { name: string; columns: readonly (keyof EpisodeRow)[]; value: (source: EpisodeSource) => unknown }[] = [
  { name: "id", columns: ["id"], value: ({ row }) => row.id },
  { name: "name", columns: ["name"], value: ({ row }) => row.name },
  { name: "name_english", columns: ["name_english"], value: ({ row }) => row.name_english },
  { name: "ordinal", columns: ["ordinal"], value: ({ row }) => (row.ordinal !== null && row.ordinal < 0 ? null : row.ordinal) },
  { name: "sort_order", columns: ["sort_order"], value: ({ row }) => row.sort_order },
  {
    name: "opening",
    columns: ["opening_start", "opening_stop"],
    value: ({ row }) => ({ start: row.opening_start, stop: row.opening_stop }),
  },
  { name: "ending", columns: ["ending_start", "ending_stop"], value: ({ row }) => ({ start: row.ending_start, stop: row.ending_stop }) },
  { name: "preview", columns: ["preview_index"], value: ({ row }) => imageSet("episodes", row.preview_index) },
  { name: "hls_480", columns: ["has_hls"], value: ({ hls }) => hls(480) },
  { name: "hls_720", columns: ["has_hls"], value: ({ hls }) => hls(720) },
  { name: "hls_1080", columns: ["has_hls"], value: ({ hls }) => hls(1080) },
  { name: "duration", columns: ["duration"], value: ({ row }) => row.duration },
  { name: "rutube_id", columns: ["rutube_id"], value: ({ row }) => row.rutube_id },
  { name: "youtube_id", columns: ["youtube_id"], value: ({ row }) => row.youtube_id },
  { name: "updated_at", columns: ["updated_at"], value: ({ row }) => row.updated_at },
  { name: "release_id", columns: [], value: ({ releaseId }) => releaseId },
];

export const EPISODE_FIELD_NAMES: readonly string[] = EPISODE_FIELDS.map((field) => field.name);

/** The columns `fields` are made of, with what grouping by release needs; `*` for every field. */
function episodeColumns(fields: ReadonlySet<string> | undefined): string {
  if (!fields) return "*";
  const columns = new Set<string>(["release_id"]);
  for (const field of EPISODE_FIELDS) if (fields.has(field.name)) for (const column of field.columns) columns.add(column);
  return [...columns].join(", ");
}

/**
 * The values of `ids` from `kept`, the missing ones read with `read` and kept (at most RELEASES_KEPT, the oldest
 * dropped first). Ids that `read` does not find are left out.
 */
function keptOrRead<Value>(
  kept: Map<number, Value>,
  ids: readonly number[],
  read: (missing: number[]) => Map<number, Value>,
): Map<number, Value> {
  const missing = ids.filter((id) => !kept.has(id));
  const found = missing.length > 0 ? read(missing) : new Map<number, Value>();
  for (const [id, value] of found) {
    if (kept.size >= RELEASES_KEPT) kept.delete(kept.keys().next().value!);
    kept.set(id, value);
  }
  for (const id of ids) {
    const value = kept.get(id);
    if (!found.has(id) && value !== undefined) found.set(id, value);
  }
  return found;
}

function groupBy<Row, Key>(rows: Row[], key: (row: Row) => Key): Map<Key, Row[]> {
  const groups = new Map<Key, Row[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

/** Releases whose rows and genres are kept: a few catalogue pages' worth (the demo has 300; 50,000 would not fit). */
export const RELEASES_KEPT = 2000;

type GenreOfRelease = GenreRow & { release_id: number };

const RATING_SITE_URLS = { shikimori: "https://shikimori.io/animes/", mal: "https://myanimelist.net/anime/" } as const;

/**
 * The release on Shikimori or MyAnimeList, `{id, url, votes, rating}` as the current document has it. Demo values
 * drawn from the release id, not from the seed's random stream (the catalogue stays as it was): Shikimori numbers
 * anime as MyAnimeList does, so both share the id; every ninth release is on neither (null), as new ones are.
 */
function ratingSiteEntry(releaseId: number, site: keyof typeof RATING_SITE_URLS): Record<string, unknown> | null {
  if (releaseId % 9 === 0) return null;
  const id = 30000 + ((releaseId * 7919) % 30000);
  const shift = site === "mal" ? 17 : 0;
  return {
    id,
    url: `${RATING_SITE_URLS[site]}${id}`,
    votes: 500 + ((releaseId * 104729 + shift) % 150000),
    rating: Math.round(600 + ((releaseId * 331 + shift) % 320)) / 100,
  };
}

/** The release's wide heading images, `{preview, thumbnail}` (no `optimized`, per the current document). */
function backgroundCovers(row: Pick<ReleaseRow, "poster_index">): { preview: string; thumbnail: string }[] {
  const { preview, thumbnail } = imageSet("posters", row.poster_index);
  return [{ preview, thumbnail }];
}

const russianCollator = new Intl.Collator("ru");

/**
 * Genres in the live list's order: by Russian name with "ё" sorted as "е" (SQLite's ORDER BY puts "Сёнен" after
 * "Школа").
 */
export function byGenreName<Genre extends { name: string }>(genres: Genre[]): Genre[] {
  return genres.sort((left, right) => russianCollator.compare(left.name, right.name));
}

export class ReleaseStore {
  private genreTotals: Map<number, number> | null = null;
  private sponsors: Map<string, SponsorRow> | null = null;
  /** Release rows as of `databaseVersion`; any write to the database, by this connection or another, drops them. */
  private readonly rows = new Map<number, ReleaseRow>();
  private databaseVersion = "";
  /** A release's genres never change once it is seeded (decision 0223). */
  private readonly genreRowsByRelease = new Map<number, GenreRow[]>();

  constructor(private readonly db: Db) {}

  /**
   * Changes with every commit to the database: `data_version` for other connections (other workers), the
   * connection's own `total_changes()` for its own writes (a favorite moves a release's counter).
   */
  private currentDatabaseVersion(): string {
    const otherConnections = prepareCached(this.db, "PRAGMA data_version").pluck().get() as number;
    const ownWrites = prepareCached(this.db, "SELECT total_changes()").pluck().get() as number;
    return `${otherConnections}:${ownWrites}`;
  }

  releaseRowsByIds(ids: readonly number[]): ReleaseRow[] {
    if (ids.length === 0) return [];
    const version = this.currentDatabaseVersion();
    if (version !== this.databaseVersion) {
      this.rows.clear();
      this.databaseVersion = version;
    }
    const byId = keptOrRead(this.rows, ids, (missing) => {
      const rows = prepareCached(this.db, `${RELEASE_SELECT} WHERE r.id IN (${placeholders(missing.length)})`).all(
        ...missing,
      ) as ReleaseRow[];
      // Frozen, not copied on every read: a caller that tried to change a kept row would throw.
      return new Map(rows.map((row) => [row.id, Object.freeze(row)]));
    });
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  findReleaseRow(aliasOrId: string): ReleaseRow | null {
    const byAlias = prepareCached(this.db, `${RELEASE_SELECT} WHERE r.alias = ?`).get(aliasOrId) as ReleaseRow | undefined;
    if (byAlias) return byAlias;
    if (!/^\d{1,12}$/.test(aliasOrId)) return null;
    return (prepareCached(this.db, `${RELEASE_SELECT} WHERE r.id = ?`).get(Number(aliasOrId)) as ReleaseRow | undefined) ?? null;
  }

  /** Presents releases in the order of `ids`, skipping unknown ids. */
  present(ids: readonly number[], origin: string, includes: ReleaseIncludes = {}): Record<string, unknown>[] {
    return this.presentRows(this.releaseRowsByIds(ids), origin, includes);
  }

  presentRows(rows: ReleaseRow[], origin: string, includes: ReleaseIncludes = {}): Record<string, unknown>[] {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const genres = includes.genres ? this.genresOf(ids) : null;
    const episodes = includes.episodes ? this.episodesOf(ids, includes.episodeFields) : null;
    const latestEpisodes = includes.latestEpisode ? this.latestEpisodesOf(ids) : null;
    const members = includes.members ? this.membersOf(ids) : null;
    const torrents = includes.torrents ? this.torrentRowsOf(ids) : null;
    return rows.map((row) => {
      const release = this.presentRelease(row, origin);
      if (genres) release.genres = genres.get(row.id) ?? [];
      if (includes.episodes) {
        release.episodes = (episodes?.get(row.id) ?? []).map((episode) =>
          this.presentEpisode(episode, row, origin, includes.episodeFields),
        );
      }
      if (latestEpisodes) {
        const latest = latestEpisodes.get(row.id)?.latest;
        release.latest_episode = latest ? this.presentEpisode(latest, row, origin) : null;
      }
      if (includes.backgroundCovers) release.background_covers = backgroundCovers(row);
      if (members) release.members = (members.get(row.id) ?? []).map((member) => this.presentMember(member));
      if (torrents) release.torrents = (torrents.get(row.id) ?? []).map((torrent) => this.presentTorrent(torrent, row));
      return release;
    });
  }

  presentRelease(row: ReleaseRow & { description?: string | null }, origin: string): Record<string, unknown> {
    const sponsor = row.sponsor_id ? this.sponsorById(row.sponsor_id) : null;
    const presentedSponsor = sponsor
      ? {
          id: sponsor.id,
          title: sponsor.title,
          description: sponsor.description,
          url_title: sponsor.url_title,
          url: sponsor.url,
        }
      : null;
    const rating = ageRatings[row.age_rating];
    return {
      id: row.id,
      type: { value: row.type, description: releaseTypeDescriptions[row.type] ?? row.type },
      year: row.year,
      name: { main: row.name_main, english: row.name_english, alternative: row.name_alternative },
      alias: row.alias,
      season: { value: row.season, description: seasonDescriptions[row.season] ?? row.season },
      poster: imageSet("posters", row.poster_index),
      fresh_at: row.fresh_at,
      created_at: row.created_at,
      updated_at: row.updated_at,
      is_ongoing: row.is_ongoing === 1,
      age_rating: {
        value: row.age_rating,
        label: rating?.label ?? row.age_rating,
        is_adult: rating?.is_adult ?? false,
        description: rating?.description ?? "",
      },
      publish_day: { value: row.publish_day, description: publishDayNames[row.publish_day] ?? "" },
      description: row.description ?? "",
      notification: row.notification,
      episodes_total: row.episodes_total,
      external_player: row.external_player ? `//${new URL(origin).host}${row.external_player}` : null,
      is_in_production: row.is_in_production === 1,
      is_blocked_by_geo: row.is_blocked_by_geo === 1,
      is_blocked_by_copyrights: row.is_blocked_by_copyrights === 1,
      added_in_users_favorites: row.added_in_users_favorites,
      average_duration_of_episode: row.average_duration_of_episode,
      episodes_are_unknown: row.episodes_total === null,
      shikimori: ratingSiteEntry(row.id, "shikimori"),
      mal: ratingSiteEntry(row.id, "mal"),
      added_in_planned_collection: row.added_in_planned_collection,
      added_in_watched_collection: row.added_in_watched_collection,
      added_in_watching_collection: row.added_in_watching_collection,
      added_in_postponed_collection: row.added_in_postponed_collection,
      added_in_abandoned_collection: row.added_in_abandoned_collection,
      sponsor: presentedSponsor,
      sponsors: presentedSponsor ? [presentedSponsor] : [],
    };
  }

  /** The long-running show's id (its alias is fixed by the seed); 0 when the database has none. */
  private longRunningReleaseId: number | null = null;

  private clipPathOf(releaseId: number): string {
    this.longRunningReleaseId ??=
      (prepareCached(this.db, "SELECT id FROM releases WHERE alias = ?").get(LONG_RUNNING_RELEASE.alias) as { id: number } | undefined)
        ?.id ?? 0;
    return releaseId === this.longRunningReleaseId ? DEMO_CLIP_WITHOUT_PREVIEWS_PATH : DEMO_CLIP_PATH;
  }

  /** An episode as the live API answers it; with `fields`, only those (`row` then needs only their columns). */
  presentEpisode(row: EpisodeRow, release: Pick<ReleaseRow, "id">, origin: string, fields?: ReadonlySet<string>): Record<string, unknown> {
    const clip = this.clipPathOf(release.id);
    const source: EpisodeSource = {
      row,
      releaseId: release.id,
      hls: (height) => (row.has_hls ? `${origin}/storage/${clip}/${height}/index.m3u8` : null),
    };
    const episode: Record<string, unknown> = {};
    for (const field of EPISODE_FIELDS) if (!fields || fields.has(field.name)) episode[field.name] = field.value(source);
    return episode;
  }

  presentMember(row: MemberWithAccountRow): Record<string, unknown> {
    return {
      id: row.id,
      role: { value: row.role, description: memberRoleDescriptions[row.role] ?? row.role },
      nickname: row.nickname,
      user: row.account_id === null ? null : { id: row.account_id, avatar: imageSet("avatars", row.avatar_index ?? 1) },
    };
  }

  presentTorrent(row: TorrentRow, release: Pick<ReleaseRow, "name_main">): Record<string, unknown> {
    const codec = torrentCodecLabels[row.codec];
    return {
      id: row.id,
      hash: row.hash,
      size: row.size,
      type: { value: row.type, description: row.type },
      color: { value: row.color, description: row.color },
      codec: {
        value: row.codec,
        description: row.codec,
        label: codec?.label ?? row.codec,
        label_color: codec ? codec.color : null,
        label_is_visible: codec?.visible ?? false,
      },
      label: row.label,
      quality: { value: row.quality, description: row.quality },
      magnet: magnetLink(row.hash, `${release.name_main} [${row.quality}]`),
      filename: row.filename,
      seeders: row.seeders,
      bitrate: row.bitrate,
      leechers: row.leechers,
      sort_order: row.sort_order,
      updated_at: row.updated_at,
      is_hardsub: row.is_hardsub === 1,
      description: row.description ?? "",
      created_at: row.created_at,
      completed_times: row.completed_times,
      release_id: row.release_id,
    };
  }

  genreRows(): GenreRow[] {
    return byGenreName(prepareCached(this.db, "SELECT id, name, image_index FROM genres").all() as GenreRow[]);
  }

  presentGenre(row: GenreRow): Record<string, unknown> {
    return {
      id: row.id,
      name: row.name,
      image: imageSet("genres", row.image_index),
      total_releases: this.totalsByGenre().get(row.id) ?? 0,
    };
  }

  /** Each release's genres by name; releases without any are left out. */
  genresOf(releaseIds: readonly number[]): Map<number, Record<string, unknown>[]> {
    const genresById = keptOrRead(this.genreRowsByRelease, releaseIds, (missing) => {
      const rows = prepareCached(
        this.db,
        `SELECT rg.release_id, g.id, g.name, g.image_index FROM release_genres rg JOIN genres g ON g.id = rg.genre_id
           WHERE rg.release_id IN (${placeholders(missing.length)}) ORDER BY g.name`,
      ).all(...missing) as GenreOfRelease[];
      const grouped = groupBy(rows, (row) => row.release_id);
      return new Map(missing.map((id) => [id, (grouped.get(id) ?? []).map(({ id, name, image_index }) => ({ id, name, image_index }))]));
    });
    const presented = new Map<number, Record<string, unknown>[]>();
    for (const [id, genres] of genresById) {
      if (genres.length > 0)
        presented.set(
          id,
          genres.map((genre) => this.presentGenre(genre)),
        );
    }
    return presented;
  }

  /** Each release's episode rows in order; with `fields`, only the columns those fields are made of. */
  episodesOf(releaseIds: readonly number[], fields?: ReadonlySet<string>): Map<number, EpisodeRow[]> {
    const rows = prepareCached(
      this.db,
      `SELECT ${episodeColumns(fields)} FROM episodes WHERE release_id IN (${placeholders(releaseIds.length)}) ORDER BY release_id, sort_order`,
    ).all(...releaseIds) as EpisodeRow[];
    return groupBy(rows, (row) => row.release_id);
  }

  /**
   * Each release's last episode in watching order (ties in sort order: the later row, as `episodesOf` lists them)
   * and how many of its episodes have a whole ordinal, without reading every episode row (the schedule asks on
   * every release page).
   */
  latestEpisodesOf(releaseIds: readonly number[]): Map<number, { latest: EpisodeRow; wholeOrdinals: number }> {
    const rows = prepareCached(
      this.db,
      `SELECT e.*, counted.whole_ordinals FROM (
         SELECT x.release_id,
           COUNT(CASE WHEN x.ordinal = CAST(x.ordinal AS INTEGER) THEN 1 END) AS whole_ordinals,
           (SELECT l.rowid FROM episodes l WHERE l.release_id = x.release_id ORDER BY l.sort_order DESC, l.rowid DESC LIMIT 1) AS latest
         FROM episodes x WHERE x.release_id IN (${placeholders(releaseIds.length)}) GROUP BY x.release_id
       ) counted JOIN episodes e ON e.rowid = counted.latest`,
    ).all(...releaseIds) as (EpisodeRow & { whole_ordinals: number })[];
    return new Map(rows.map(({ whole_ordinals, ...latest }) => [latest.release_id, { latest, wholeOrdinals: whole_ordinals }]));
  }

  membersOf(releaseIds: readonly number[]): Map<number, MemberWithAccountRow[]> {
    const rows = prepareCached(
      this.db,
      `SELECT m.id, m.release_id, m.role, m.nickname, tu.account_id, tu.avatar_index
         FROM release_members m LEFT JOIN team_users tu ON tu.id = m.team_user_id
         WHERE m.release_id IN (${placeholders(releaseIds.length)}) ORDER BY m.release_id, m.sort_order`,
    ).all(...releaseIds) as MemberWithAccountRow[];
    return groupBy(rows, (row) => row.release_id);
  }

  torrentRowsOf(releaseIds: readonly number[]): Map<number, TorrentRow[]> {
    const rows = prepareCached(
      this.db,
      `SELECT * FROM torrents WHERE release_id IN (${placeholders(releaseIds.length)}) ORDER BY release_id, sort_order`,
    ).all(...releaseIds) as TorrentRow[];
    return groupBy(rows, (row) => row.release_id);
  }

  private totalsByGenre(): Map<number, number> {
    this.genreTotals ??= new Map(
      (
        prepareCached(this.db, "SELECT genre_id, COUNT(*) AS total FROM release_genres GROUP BY genre_id").all() as {
          genre_id: number;
          total: number;
        }[]
      ).map((row) => [row.genre_id, row.total]),
    );
    return this.genreTotals;
  }

  private sponsorById(id: string): SponsorRow | undefined {
    this.sponsors ??= new Map((prepareCached(this.db, "SELECT * FROM sponsors").all() as SponsorRow[]).map((row) => [row.id, row]));
    return this.sponsors.get(id);
  }
}
