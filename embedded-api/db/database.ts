// Opens the SQLite database (WAL, foreign keys) and brings its schema up to date. Several processes (the production
// cluster's workers) may open the same file: SQLite lets one write at a time, and every write here waits its turn
// instead of failing with SQLITE_BUSY (decision 0191).
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { migrations } from "./migrations";

export type Db = Database.Database;

/** How long a write waits for another process's write to end before it fails (a request's patience). */
export const BUSY_TIMEOUT_MS = 5_000;
/** While opening, another process may be migrating or seeding a fresh file: that takes seconds, not a request's wait. */
export const SETUP_BUSY_TIMEOUT_MS = 120_000;

/** Opens with the setup's long wait for the write lock; call `finishSetup` once seeding is done. */
export function openDatabase(dbPath: string): Db {
  if (dbPath !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(dbPath)), { recursive: true });
  const db = new Database(dbPath);
  // First, so that switching a fresh file to WAL waits for a process doing the same instead of failing.
  db.pragma(`busy_timeout = ${SETUP_BUSY_TIMEOUT_MS}`);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.pragma("foreign_keys = ON");
  beginTransactionsImmediately(db);
  // A 32 MB page cache and memory-mapped reads keep the 50,000-release catalogue's hot pages in memory.
  db.pragma("cache_size = -32768");
  db.pragma("mmap_size = 268435456");
  applyMigrations(db);
  assertCurrentSchema(db, dbPath);
  return db;
}

export function finishSetup(db: Db): void {
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
}

/**
 * Every `db.transaction(...)` begins with BEGIN IMMEDIATE, taking the write lock first. A deferred transaction
 * that reads and then writes fails at once with SQLITE_BUSY when another process wrote in between (its snapshot
 * is stale, and SQLite's busy wait does not apply); an immediate one waits for the lock and then reads fresh rows.
 */
function beginTransactionsImmediately(db: Db): void {
  const transaction = db.transaction.bind(db);
  db.transaction = ((fn: Parameters<Db["transaction"]>[0]) => transaction(fn).immediate) as Db["transaction"];
}

/** Files made by development builds before the schema settled lack these; say so instead of failing later. */
function assertCurrentSchema(db: Db, dbPath: string): void {
  const hasColumn = db.prepare("SELECT 1 FROM pragma_table_info('releases') WHERE name = 'genre_mask'").get();
  const hasTable = db.prepare("SELECT 1 FROM sqlite_master WHERE name IN ('release_search', 'release_descriptions')").all();
  if (!hasColumn || hasTable.length !== 2) {
    db.close();
    throw new Error(
      `The embedded API database ${dbPath} was created by an older development schema; delete it (and its -wal/-shm files) to recreate it.`,
    );
  }
}

/** One transaction holding the write lock: a second process opening the same file waits, then finds them applied. */
export function applyMigrations(db: Db): void {
  db.transaction(() => {
    db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version INTEGER PRIMARY KEY,
      name TEXT NOT NULL,
      applied_at TEXT NOT NULL
    )`);
    const applied = new Set(db.prepare("SELECT version FROM schema_migrations").pluck().all() as number[]);
    const record = db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)");
    for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
      if (applied.has(migration.version)) continue;
      if (migration.sql) db.exec(migration.sql);
      migration.apply?.(db);
      record.run(migration.version, migration.name, new Date().toISOString());
    }
  })();
}
