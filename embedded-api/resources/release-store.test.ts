// The release store's batched reads agree with reading every row.
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/database";
import type { EpisodeRow } from "../db/rows";
import { seedDatabase } from "../seed/seed-database";
import { ReleaseStore } from "./release-store";

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
