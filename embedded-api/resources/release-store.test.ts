// The release store's batched reads agree with reading every row.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/database";
import type { EpisodeRow } from "../db/rows";
import { seedDatabase } from "../seed/seed-database";
import { RELEASE_SELECT, ReleaseStore } from "./release-store";

const db = openDatabase(":memory:");
seedDatabase(db, { releases: 120, withDemoAccount: false, withDemoLists: false });
afterAll(() => db.close());

describe("latestEpisodesOf", () => {
  it("finds what the full episode lists give: the last episode in watching order and the whole ordinals", () => {
    const store = new ReleaseStore(db);
    const ids = db.prepare("SELECT id FROM releases ORDER BY id").pluck().all() as number[];
    // Ties in sort order and fractional or missing ordinals, which the demo data may not have.
    const long = db.prepare("SELECT release_id FROM episodes GROUP BY release_id HAVING COUNT(*) >= 3 LIMIT 1").pluck().get() as number;
    const [first, , last] = store.episodesOf([long]).get(long)!.slice(-3);
    db.prepare("UPDATE episodes SET sort_order = ?, ordinal = 2.5 WHERE id = ?").run(last!.sort_order, first!.id);
    db.prepare("UPDATE episodes SET ordinal = NULL WHERE id = ?").run(last!.id);
    const lists = store.episodesOf(ids);
    const latest = store.latestEpisodesOf(ids);
    const expected = new Map(
      [...lists].map(([releaseId, list]: [number, EpisodeRow[]]) => [
        releaseId,
        { latest: list[list.length - 1], wholeOrdinals: list.filter((episode) => Number.isInteger(episode.ordinal)).length },
      ]),
    );
    expect(latest.size).toBeGreaterThan(10);
    expect(latest).toEqual(expected);
  });
});

describe("kept release rows and genres (decision 0223)", () => {
  const direct = (ids: number[]) => {
    const rows = db.prepare(`${RELEASE_SELECT} WHERE r.id IN (${ids.map(() => "?").join(", ")})`).all(...ids) as { id: number }[];
    return ids.map((id) => rows.find((row) => row.id === id));
  };
  const genresDirect = (id: number) =>
    db
      .prepare("SELECT g.name FROM release_genres rg JOIN genres g ON g.id = rg.genre_id WHERE rg.release_id = ? ORDER BY g.name")
      .pluck()
      .all(id);

  it("gives what the database holds, in the order asked, with unknown ids left out", () => {
    const store = new ReleaseStore(db);
    const ids = (db.prepare("SELECT id FROM releases ORDER BY fresh_at DESC LIMIT 30").pluck().all() as number[]).reverse();
    expect(store.releaseRowsByIds([...ids, 999_999])).toEqual(direct(ids));
    // Read again from memory: the same, and frozen, so that no caller can change what the next one reads.
    const again = store.releaseRowsByIds(ids);
    expect(again).toEqual(direct(ids));
    expect(() => {
      again[0]!.name_main = "changed by a caller";
    }).toThrow(TypeError);
    expect(store.releaseRowsByIds(ids)[0]!.name_main).not.toBe("changed by a caller");
    for (const [id, genres] of store.genresOf(ids)) {
      expect(genres.map((genre) => genre.name)).toEqual(genresDirect(id));
    }
    expect(store.genresOf([999_999]).size).toBe(0);
  });

  it("sees a counter moved by its own connection at once", () => {
    const store = new ReleaseStore(db);
    const id = db.prepare("SELECT id FROM releases LIMIT 1").pluck().get() as number;
    const before = store.releaseRowsByIds([id])[0]!.added_in_users_favorites;
    db.prepare("UPDATE releases SET added_in_users_favorites = added_in_users_favorites + 1 WHERE id = ?").run(id);
    expect(store.releaseRowsByIds([id])[0]!.added_in_users_favorites).toBe(before + 1);
  });

  it("sees a counter moved by another connection (another worker) at once", () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "release-store-")), "db.sqlite");
    const mine = openDatabase(file);
    seedDatabase(mine, { releases: 5, withDemoAccount: false, withDemoLists: false });
    const other = openDatabase(file);
    try {
      const store = new ReleaseStore(mine);
      const id = mine.prepare("SELECT id FROM releases LIMIT 1").pluck().get() as number;
      const before = store.releaseRowsByIds([id])[0]!.added_in_planned_collection;
      other.prepare("UPDATE releases SET added_in_planned_collection = added_in_planned_collection + 1 WHERE id = ?").run(id);
      expect(store.releaseRowsByIds([id])[0]!.added_in_planned_collection).toBe(before + 1);
    } finally {
      other.close();
      mine.close();
    }
  });
});

describe("a release's latest episode", () => {
  it("is the last of its episodes as the whole list presents them, read without the list", () => {
    const store = new ReleaseStore(db);
    const ids = db.prepare("SELECT id FROM releases ORDER BY id").pluck().all() as number[];
    const withLatest = store.present(ids, "http://embedded", { latestEpisode: true });
    const withEpisodes = store.present(ids, "http://embedded", { episodes: true });
    expect(withLatest.filter((release) => release.latest_episode !== null).length).toBeGreaterThan(10);
    expect(withLatest.map((release) => release.latest_episode)).toEqual(
      withEpisodes.map((release) => (release.episodes as unknown[]).at(-1) ?? null),
    );
  });
});
