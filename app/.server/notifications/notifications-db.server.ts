// The app's own SQLite file for episode notifications (decision 0284): bells, push subscriptions, viewer settings,
// the episodes the sender has seen and one row per (device, episode) sent. Not the embedded API's database: that is
// a separate program. Every worker of one node opens the same file (WAL; writes wait their turn).
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { getEnv } from "../env.server";

export type NotificationsDb = Database.Database;

const BUSY_TIMEOUT_MS = 5_000;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS bells (
  owner TEXT NOT NULL,
  release_id INTEGER NOT NULL,
  mode TEXT NOT NULL CHECK (mode IN ('all', 'lists')),
  in_lists INTEGER NOT NULL DEFAULT 0,
  release_alias TEXT NOT NULL,
  release_title TEXT NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (owner, release_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS bells_by_release ON bells (release_id);
CREATE TABLE IF NOT EXISTS push_subscriptions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  owner TEXT NOT NULL,
  endpoint TEXT NOT NULL UNIQUE,
  p256dh TEXT NOT NULL,
  auth TEXT NOT NULL,
  client_address TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS push_subscriptions_by_owner ON push_subscriptions (owner);
CREATE INDEX IF NOT EXISTS push_subscriptions_by_address ON push_subscriptions (client_address);
CREATE TABLE IF NOT EXISTS viewer_settings (
  owner TEXT PRIMARY KEY,
  time_zone TEXT,
  quiet_from INTEGER,
  quiet_to INTEGER,
  last_visit_at INTEGER,
  previous_visit_at INTEGER,
  updated_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS seen_episodes (
  episode_id TEXT PRIMARY KEY,
  release_id INTEGER NOT NULL,
  ordinal REAL,
  release_alias TEXT NOT NULL,
  release_title TEXT NOT NULL,
  poster TEXT,
  seen_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS seen_episodes_by_release ON seen_episodes (release_id, seen_at);
CREATE TABLE IF NOT EXISTS deliveries (
  subscription_id INTEGER NOT NULL,
  episode_id TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('queued', 'sending', 'sent', 'failed', 'gone')),
  attempts INTEGER NOT NULL DEFAULT 0,
  due_at INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (subscription_id, episode_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS deliveries_due ON deliveries (state, due_at);
CREATE TABLE IF NOT EXISTS leases (
  name TEXT PRIMARY KEY,
  holder TEXT NOT NULL,
  expires_at INTEGER NOT NULL
) WITHOUT ROWID;
`;

export function openNotificationsDb(file: string): NotificationsDb {
  if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const db = new Database(file);
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.exec(SCHEMA);
  return db;
}

let shared: NotificationsDb | undefined;

/** The process's connection to NOTIFICATIONS_DB, opened on first use. */
export function notificationsDb(): NotificationsDb {
  shared ??= openNotificationsDb(getEnv().NOTIFICATIONS_DB);
  return shared;
}

export function closeNotificationsDb(): void {
  shared?.close();
  shared = undefined;
}
