// A database seeded before the demo used the live genre list: opened again, it speaks the live list, every release
// keeps its genres by name, and no account, list or progress is lost.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, type Db } from "../db/database";
import { genreMask } from "../resources/genre-mask";
import { createEmbeddedApi } from "../index";
import { TEST_ORIGIN } from "../test-support";
import { liveGenreRows, migrateToLiveGenres } from "./live-genres";
import { seedDatabase } from "./seed-database";
import { normalizeSearchText } from "../../title-search/search-text";

/** The demo's genres before it took the live list: these names on ids 1–25, in this order. */
const OLD_GENRE_NAMES = [
  "Боевые искусства",
  "Вампиры",
  "Демоны",
  "Детектив",
  "Драма",
  "Игры",
  "Исторический",
  "Комедия",
  "Магия",
  "Меха",
  "Мистика",
  "Музыка",
  "Повседневность",
  "Приключения",
  "Психологическое",
  "Романтика",
  "Сверхъестественное",
  "Сёдзё",
  "Сёнен",
  "Спорт",
  "Триллер",
  "Ужасы",
  "Фантастика",
  "Фэнтези",
  "Школа",
];

const directories: string[] = [];
afterEach(() => {
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

function genreNamesByRelease(db: Db): Map<number, string[]> {
  const rows = db
    .prepare("SELECT rg.release_id, g.name FROM release_genres rg JOIN genres g ON g.id = rg.genre_id ORDER BY rg.release_id, g.name")
    .all() as { release_id: number; name: string }[];
  const byRelease = new Map<number, string[]>();
  for (const row of rows) byRelease.set(row.release_id, [...(byRelease.get(row.release_id) ?? []), normalizeSearchText(row.name)]);
  return byRelease;
}

function userData(db: Db) {
  const count = (table: string) => db.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get();
  return {
    users: count("users"),
    favorites: db.prepare("SELECT user_id, release_id FROM favorites ORDER BY 1, 2").all(),
    collections: db.prepare("SELECT user_id, release_id, type FROM collections ORDER BY 1, 2").all(),
    timecodes: db.prepare("SELECT user_id, episode_id, time, is_watched FROM timecodes ORDER BY 1, 2").all(),
    sessions: count("sessions"),
  };
}

/** What the demo's database looked like before migration 8: the old names on ids 1–25, links and masks to match. */
function makeOld(db: Db): void {
  db.transaction(() => {
    const oldIdOf = new Map(OLD_GENRE_NAMES.map((name, index) => [normalizeSearchText(name), index + 1]));
    const links = db.prepare("SELECT rg.release_id, g.name FROM release_genres rg JOIN genres g ON g.id = rg.genre_id").all() as {
      release_id: number;
      name: string;
    }[];
    db.exec("DELETE FROM release_genres; DELETE FROM genres; UPDATE releases SET genre_mask = 0");
    const genre = db.prepare("INSERT INTO genres (id, name, image_index) VALUES (?, ?, ?)");
    OLD_GENRE_NAMES.forEach((name, index) => genre.run(index + 1, name, index + 1));
    const link = db.prepare("INSERT INTO release_genres (release_id, genre_id) VALUES (?, ?)");
    const oldIds = new Map<number, number[]>();
    for (const { release_id: releaseId, name } of links) {
      const oldId = oldIdOf.get(normalizeSearchText(name));
      if (oldId === undefined) continue;
      link.run(releaseId, oldId);
      oldIds.set(releaseId, [...(oldIds.get(releaseId) ?? []), oldId]);
    }
    const mask = db.prepare("UPDATE releases SET genre_mask = ? WHERE id = ?");
    for (const [releaseId, ids] of oldIds) mask.run(genreMask(ids), releaseId);
    db.prepare("DELETE FROM schema_migrations WHERE version = 8").run();
  })();
}

describe("an existing database's genres", () => {
  it("become the live list when it is opened again, each release keeping its genres and every account its data", async () => {
    const directory = mkdtempSync(path.join(tmpdir(), "embedded-genres-"));
    directories.push(directory);
    const file = path.join(directory, "api.sqlite");
    const db = openDatabase(file);
    seedDatabase(db, { releases: 60, withDemoAccount: true });
    makeOld(db);
    db.prepare("INSERT OR IGNORE INTO favorites (user_id, release_id, created_at) VALUES (1, 7, '2025-01-01T00:00:00+00:00')").run();
    const before = { genres: genreNamesByRelease(db), user: userData(db) };
    expect(db.prepare("SELECT name FROM genres WHERE id = 5").pluck().get()).toBe("Драма");
    db.close();

    const api = createEmbeddedApi({ dbPath: file });
    try {
      const answer = await api.handle(new Request(`${TEST_ORIGIN}/api/v1/anime/genres`));
      const genres = (await answer.json()) as { id: number; name: string }[];
      expect(genres.map(({ id, name }) => ({ id, name })).sort((a, b) => a.id - b.id)).toEqual(
        liveGenreRows()
          .map(({ id, name }) => ({ id, name }))
          .sort((a, b) => a.id - b.id),
      );
      // Драма is 8 on the live API: its releases are the ones that had the old 5.
      const dramaBefore = [...before.genres].filter(([, names]) => names.includes("драма")).map(([id]) => id);
      const drama = await api.handle(new Request(`${TEST_ORIGIN}/api/v1/anime/catalog/releases?f[genres]=8&limit=50&include=id`));
      const dramaIds = ((await drama.json()) as { data: { id: number }[] }).data.map((release) => release.id);
      expect(dramaIds.sort((a, b) => a - b)).toEqual(dramaBefore.sort((a, b) => a - b));
      expect(dramaIds.length).toBeGreaterThan(0);
    } finally {
      api.close();
    }

    const after = openDatabase(file);
    try {
      expect(genreNamesByRelease(after)).toEqual(before.genres);
      expect(userData(after)).toEqual(before.user);
      const masks = after.prepare("SELECT id, genre_mask FROM releases").safeIntegers().all() as { id: bigint; genre_mask: bigint }[];
      const idsOf = after.prepare("SELECT genre_id FROM release_genres WHERE release_id = ?").pluck();
      for (const { id, genre_mask: mask } of masks) expect(mask).toBe(genreMask(idsOf.all(Number(id)) as number[]));
    } finally {
      after.close();
    }
  });

  it("drop a genre the live list lacks, with its links, and leave a live database as it is", () => {
    const db = openDatabase(":memory:");
    seedDatabase(db, { releases: 10, withDemoAccount: false });
    const live = db.prepare("SELECT * FROM genres ORDER BY id").all();
    expect(migrateToLiveGenres(db)).toEqual({ renumbered: new Map(), dropped: [] });
    expect(db.prepare("SELECT * FROM genres ORDER BY id").all()).toEqual(live);

    db.prepare("INSERT INTO genres (id, name, image_index) VALUES (60, 'Выдуманный', 1)").run();
    db.prepare("INSERT INTO release_genres (release_id, genre_id) VALUES (1, 60)").run();
    const migration = migrateToLiveGenres(db);
    expect(migration.dropped).toEqual([{ id: 60, name: "Выдуманный", image_index: 1 }]);
    expect(db.prepare("SELECT COUNT(*) FROM genres").pluck().get()).toBe(35);
    expect(db.prepare("SELECT COUNT(*) FROM release_genres WHERE genre_id = 60").pluck().get()).toBe(0);
    db.close();
  });
});
