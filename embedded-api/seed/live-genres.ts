// The live API's genre list as rows, for a new database (the seed) and for one seeded before the list was the live
// one (a migration): its own 25 names on ids 1–25, each id naming a different genre than the live id does.
import type { Db } from "../db/database";
import type { GenreRow } from "../db/rows";
import { GENRE_IMAGE_COUNT } from "../demo-constants";
import { normalizeSearchText } from "../../title-search/search-text";
import { liveGenres } from "./vocabulary";

export function liveGenreRows(): GenreRow[] {
  return liveGenres.map(({ id, name }) => ({ id, name, image_index: ((id - 1) % GENRE_IMAGE_COUNT) + 1 }));
}

/** Case and "ё" do not tell genres apart: the old list spelt «Сёдзё», the live one «Сёдзе». */
function genreKey(name: string): string {
  return normalizeSearchText(name);
}

export type GenreMigration = {
  /** Old id → live id, for each old genre whose name the live list has. */
  renumbered: Map<number, number>;
  /** Old genres the live list lacks: their links to releases go with them. */
  dropped: GenreRow[];
};

/**
 * Brings the genres of an existing database to the live list: every release keeps its genres by name, now under the
 * live ids (the links and each release's genre mask follow), the names and images become the live ones, and the live
 * genres it lacked are added. Only catalogue reference data changes: accounts, lists and progress name releases, not
 * genres. Nothing to do on an empty database (the seed writes the live list) or one that has it already. Runs inside
 * the migrations' transaction.
 */
export function migrateToLiveGenres(db: Db): GenreMigration {
  const live = liveGenreRows();
  const existing = db.prepare("SELECT id, name, image_index FROM genres ORDER BY id").all() as GenreRow[];
  const result: GenreMigration = { renumbered: new Map(), dropped: [] };
  const isLive = (row: GenreRow) =>
    live.some((genre) => genre.id === row.id && genre.name === row.name && genre.image_index === row.image_index);
  if (existing.length === 0 || (existing.length === live.length && existing.every(isLive))) return result;

  const liveIdOf = new Map(live.map((genre) => [genreKey(genre.name), genre.id]));
  for (const row of existing) {
    const liveId = liveIdOf.get(genreKey(row.name));
    if (liveId === undefined) result.dropped.push(row);
    else result.renumbered.set(row.id, liveId);
  }
  // Old and live ids overlap (1–25 against 1–36): the links are renumbered through a copy, then the genres replaced.
  db.exec("CREATE TEMP TABLE genre_renumbering (old_id INTEGER PRIMARY KEY, live_id INTEGER NOT NULL)");
  const renumber = db.prepare("INSERT INTO genre_renumbering (old_id, live_id) VALUES (?, ?)");
  for (const [oldId, liveId] of result.renumbered) renumber.run(oldId, liveId);
  db.exec(`
    CREATE TEMP TABLE renumbered_release_genres AS
      SELECT DISTINCT rg.release_id, n.live_id AS genre_id
      FROM release_genres rg JOIN genre_renumbering n ON n.old_id = rg.genre_id;
    DELETE FROM release_genres;
    DELETE FROM genres;
  `);
  const insertGenre = db.prepare("INSERT INTO genres (id, name, image_index) VALUES (@id, @name, @image_index)");
  for (const genre of live) insertGenre.run(genre);
  db.exec(`
    INSERT INTO release_genres (release_id, genre_id) SELECT release_id, genre_id FROM renumbered_release_genres;
    -- Bit (id - 1) per genre, as resources/genre-mask.ts builds it; the bits are distinct, so their sum is their OR.
    UPDATE releases SET genre_mask =
      (SELECT COALESCE(SUM(1 << (rg.genre_id - 1)), 0) FROM release_genres rg WHERE rg.release_id = releases.id);
    DROP TABLE renumbered_release_genres;
    DROP TABLE genre_renumbering;
  `);
  return result;
}
