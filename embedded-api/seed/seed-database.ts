// Fills an empty database with the demo catalogue (and, outside production, a demo account).
import type { Db } from "../db/database";
import { generateDemoCatalogue } from "./catalogue-generator";
import { hashPassword } from "../accounts/passwords";
import { randomPasskey } from "../accounts/secrets";
import { DEMO_ACCOUNT, DEMO_REFERENCE_TIME } from "../demo-constants";

export const DEFAULT_RELEASE_COUNT = 300;

function insertRows(db: Db, table: string, rows: readonly object[]): void {
  const first = rows[0];
  if (!first) return;
  const columns = Object.keys(first);
  const statement = db.prepare(`INSERT INTO ${table} (${columns.join(", ")}) VALUES (${columns.map((column) => `@${column}`).join(", ")})`);
  for (const row of rows) statement.run(row);
}

export function isCatalogueEmpty(db: Db): boolean {
  return (db.prepare("SELECT COUNT(*) FROM releases").pluck().get() as number) === 0;
}

/** Releases the demo account has in favorites and in "watching", each with its first episode watched. */
export const DEMO_NEW_EPISODE_RELEASES = 3;

/**
 * The demo viewer's lists: the freshest ongoing releases with at least three episodes, two in favorites and one
 * in "watching", the first episode of each watched, so "Вышли новые серии" has something to show in a fresh clone.
 */
function seedDemoLists(db: Db, userId: number): void {
  const at = new Date(DEMO_REFERENCE_TIME).toISOString();
  const releaseIds = db
    .prepare(
      `SELECT r.id FROM releases r WHERE r.is_ongoing = 1
         AND (SELECT COUNT(*) FROM episodes e WHERE e.release_id = r.id) >= 3
       ORDER BY r.fresh_at DESC, r.id DESC LIMIT ?`,
    )
    .pluck()
    .all(DEMO_NEW_EPISODE_RELEASES) as number[];
  const favorite = db.prepare("INSERT INTO favorites (user_id, release_id, created_at) VALUES (?, ?, ?)");
  const collection = db.prepare("INSERT INTO collections (user_id, release_id, type, created_at) VALUES (?, ?, 'WATCHING', ?)");
  const firstEpisode = db.prepare("SELECT id FROM episodes WHERE release_id = ? ORDER BY sort_order, ordinal LIMIT 1").pluck();
  const timecode = db.prepare("INSERT INTO timecodes (user_id, episode_id, time, is_watched, updated_at) VALUES (?, ?, 0, 1, ?)");
  releaseIds.forEach((releaseId, index) => {
    if (index < 2) favorite.run(userId, releaseId, at);
    else collection.run(userId, releaseId, at);
    timecode.run(userId, firstEpisode.get(releaseId) as string, at);
  });
}

export function seedDatabase(db: Db, options: { releases?: number; withDemoAccount: boolean; withDemoLists?: boolean }): boolean {
  if (!isCatalogueEmpty(db)) return false;
  const catalogue = generateDemoCatalogue({ releases: options.releases ?? DEFAULT_RELEASE_COUNT });
  // The transaction holds the write lock (decision 0191): another process that seeded meanwhile is seen here.
  return db.transaction(() => {
    if (!isCatalogueEmpty(db)) return false;
    insertRows(db, "genres", catalogue.genres);
    insertRows(db, "sponsors", catalogue.sponsors);
    insertRows(db, "releases", catalogue.releases);
    const releaseGenre = db.prepare("INSERT INTO release_genres (release_id, genre_id) VALUES (?, ?)");
    for (const [releaseId, genreId] of catalogue.releaseGenres) releaseGenre.run(releaseId, genreId);
    const searchText = db.prepare("INSERT INTO release_search (rowid, text) VALUES (?, ?)");
    for (const [releaseId, text] of catalogue.releaseSearchTexts) searchText.run(releaseId, text);
    const description = db.prepare("INSERT INTO release_descriptions (release_id, description) VALUES (?, ?)");
    for (const [releaseId, text] of catalogue.releaseDescriptions) description.run(releaseId, text);
    insertRows(db, "episodes", catalogue.episodes);
    insertRows(db, "torrents", catalogue.torrents);
    insertRows(db, "team_roles", catalogue.teamRoles);
    insertRows(db, "teams", catalogue.teams);
    insertRows(db, "team_users", catalogue.teamUsers);
    const userRole = db.prepare("INSERT INTO team_user_roles (team_user_id, role_id) VALUES (?, ?)");
    for (const [teamUserId, roleId] of catalogue.teamUserRoles) userRole.run(teamUserId, roleId);
    insertRows(db, "release_members", catalogue.members);
    insertRows(db, "franchises", catalogue.franchises);
    insertRows(db, "franchise_releases", catalogue.franchiseReleases);
    insertRows(db, "video_origins", catalogue.videoOrigins);
    insertRows(db, "videos", catalogue.videos);
    insertRows(db, "promotions", catalogue.promotions);
    if (options.withDemoAccount) {
      db.prepare(
        `INSERT INTO users (login, email, nickname, password_hash, email_verified_at, avatar_index, torrent_passkey, created_at)
         VALUES (?, ?, ?, ?, ?, 1, ?, ?)`,
      ).run(
        DEMO_ACCOUNT.login,
        DEMO_ACCOUNT.email,
        "Демо-зритель",
        hashPassword(DEMO_ACCOUNT.password),
        new Date(DEMO_REFERENCE_TIME).toISOString(),
        randomPasskey(),
        new Date(DEMO_REFERENCE_TIME).toISOString(),
      );
      if (options.withDemoLists !== false)
        seedDemoLists(db, db.prepare("SELECT id FROM users WHERE login = ?").pluck().get(DEMO_ACCOUNT.login) as number);
    }
    db.exec("ANALYZE");
    return true;
  })();
}
