// A new episode on the embedded API, as its catalogue import writes one (decision 0284): a row after the release's
// last episode, and the release fresh again (first among the latest). Shared by the journeys and the bench that wait
// for the sender to see it.
import type Database from "better-sqlite3";

/** Adds the episode `episodeId` to `releaseId` in the embedded API's file; answers how to take it back. */
export function addEpisode(upstream: Database.Database, releaseId: number, episodeId: string): () => void {
  const { freshAt } = upstream.prepare("SELECT fresh_at AS freshAt FROM releases WHERE id = ?").get(releaseId) as { freshAt: string };
  upstream.transaction(() => {
    const last = upstream.prepare("SELECT * FROM episodes WHERE release_id = ? ORDER BY sort_order DESC LIMIT 1").get(releaseId) as Record<
      string,
      unknown
    >;
    const now = new Date().toISOString();
    const episode = {
      ...last,
      id: episodeId,
      ordinal: Number(last.ordinal ?? 0) + 1,
      sort_order: Number(last.sort_order) + 1,
      updated_at: now,
    };
    const columns = Object.keys(episode);
    upstream
      .prepare(`INSERT INTO episodes (${columns.join(", ")}) VALUES (${columns.map((column) => `@${column}`).join(", ")})`)
      .run(episode);
    upstream.prepare("UPDATE releases SET fresh_at = ? WHERE id = ?").run(now, releaseId);
  })();
  return () => {
    upstream.prepare("DELETE FROM episodes WHERE id = ?").run(episodeId);
    upstream.prepare("UPDATE releases SET fresh_at = ? WHERE id = ?").run(freshAt, releaseId);
  };
}
