// Opens the SQLite database (WAL, foreign keys) and brings its schema up to date.
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { migrations } from "./migrations";

export type Db = Database.Database;

export function openDatabase(dbPath: string): Db {
  if (dbPath !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(dbPath)), { recursive: true });
  const db = new Database(dbPath);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.pragma("foreign_keys = ON");
  db.pragma("busy_timeout = 5000");
  // A 32 MB page cache and memory-mapped reads keep the 50,000-release catalogue's hot pages in memory.
  db.pragma("cache_size = -32768");
  db.pragma("mmap_size = 268435456");
  applyMigrations(db);
  assertCurrentSchema(db, dbPath);
  return db;
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

export function applyMigrations(db: Db): void {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
  )`);
  const applied = new Set(db.prepare("SELECT version FROM schema_migrations").pluck().all() as number[]);
  const record = db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)");
  for (const migration of [...migrations].sort((a, b) => a.version - b.version)) {
    if (applied.has(migration.version)) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      record.run(migration.version, migration.name, new Date().toISOString());
    })();
  }
}
