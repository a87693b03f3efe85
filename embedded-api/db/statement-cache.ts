// Prepared statements reused per database: hot queries skip SQLite's compile step.
import type { Statement } from "better-sqlite3";
import type { Db } from "./database";

const MAX_CACHED = 500;
const caches = new WeakMap<Db, Map<string, Statement>>();

export function prepareCached(db: Db, sql: string): Statement {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  let statement = cache.get(sql);
  if (!statement) {
    // Filter combinations are many but bounded; past the cap the oldest statements are dropped.
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
    statement = db.prepare(sql);
    cache.set(sql, statement);
  }
  return statement;
}
