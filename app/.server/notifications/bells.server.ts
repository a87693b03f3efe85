// The bells: which titles an owner (an account, or one browser of a visitor) wants to hear about, and how
// (decision 0284). «Выключено» is no row. Bounded per owner; a visitor's rows go when the visitor has not come back.
import type { BellMode, BellOwner, BellRow } from "~/domain/episode-bell";
import { notificationsDb, type NotificationsDb } from "./notifications-db.server";

/** Titles one owner may ring for: more than anyone follows, few enough that a script cannot fill the file. */
export const MAX_BELLS_PER_OWNER = 300;
/** A visitor's bells (and devices) are dropped after this long without a visit. */
export const VISITOR_RETENTION_MS = 180 * 24 * 60 * 60_000;

export type BellChange = {
  owner: BellOwner;
  release: { id: number; alias: string; title: string };
  mode: BellMode;
  /** Whether the title is in the viewer's favorites or collections now (for «Только в избранном/списках»). */
  inLists: boolean;
};

export type BellChangeResult = { ok: true } | { ok: false; reason: "too-many" };

export function ownerKey(owner: BellOwner): string {
  return owner.kind === "account" ? `a:${owner.accountId}` : `v:${owner.visitorId}`;
}

type Row = {
  release_id: number;
  mode: BellRow["mode"];
  in_lists: number;
  release_alias: string;
  release_title: string;
  updated_at: number;
};

function toBellRow(row: Row): BellRow {
  return {
    releaseId: row.release_id,
    mode: row.mode,
    inLists: row.in_lists === 1,
    alias: row.release_alias,
    title: row.release_title,
    updatedAt: row.updated_at,
  };
}

export function bellModeOf(owner: BellOwner, releaseId: number, db: NotificationsDb = notificationsDb()): BellMode {
  const row = db.prepare("SELECT mode FROM bells WHERE owner = ? AND release_id = ?").get(ownerKey(owner), releaseId) as
    { mode: BellMode } | undefined;
  return row?.mode ?? "off";
}

export function bellsOf(owner: BellOwner, db: NotificationsDb = notificationsDb()): BellRow[] {
  const rows = db
    .prepare(
      "SELECT release_id, mode, in_lists, release_alias, release_title, updated_at FROM bells WHERE owner = ? ORDER BY updated_at DESC, release_id DESC",
    )
    .all(ownerKey(owner)) as Row[];
  return rows.map(toBellRow);
}

export function setBell(change: BellChange, now = Date.now(), db: NotificationsDb = notificationsDb()): BellChangeResult {
  const owner = ownerKey(change.owner);
  const { release } = change;
  return db.transaction((): BellChangeResult => {
    if (change.mode === "off") {
      db.prepare("DELETE FROM bells WHERE owner = ? AND release_id = ?").run(owner, release.id);
      return { ok: true };
    }
    const exists = db.prepare("SELECT 1 FROM bells WHERE owner = ? AND release_id = ?").get(owner, release.id);
    if (!exists) {
      const count = db.prepare("SELECT COUNT(*) FROM bells WHERE owner = ?").pluck().get(owner) as number;
      if (count >= MAX_BELLS_PER_OWNER) return { ok: false, reason: "too-many" };
    }
    db.prepare(
      `INSERT INTO bells (owner, release_id, mode, in_lists, release_alias, release_title, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (owner, release_id) DO UPDATE SET mode = excluded.mode, in_lists = excluded.in_lists,
         release_alias = excluded.release_alias, release_title = excluded.release_title, updated_at = excluded.updated_at`,
    ).run(owner, release.id, change.mode, change.inLists ? 1 : 0, release.alias, release.title.slice(0, 300), now);
    return { ok: true };
  })();
}

/**
 * Keeps «Только в избранном/списках» following the viewer's lists: called wherever the app learns them (a list
 * change, the release page's list state). The sender has no token, so it reads this flag, not the upstream.
 */
export function noteListMembership(owner: BellOwner, releaseId: number, inLists: boolean, db: NotificationsDb = notificationsDb()): void {
  db.prepare("UPDATE bells SET in_lists = ? WHERE owner = ? AND release_id = ? AND in_lists != ?").run(
    inLists ? 1 : 0,
    ownerKey(owner),
    releaseId,
    inLists ? 1 : 0,
  );
}

export function anyBellFor(releaseId: number, db: NotificationsDb = notificationsDb()): boolean {
  return Boolean(db.prepare("SELECT 1 FROM bells WHERE release_id = ? LIMIT 1").get(releaseId));
}

/** Drops the bells, devices and settings of visitors unseen for VISITOR_RETENTION_MS. */
export function sweepVisitors(now = Date.now(), db: NotificationsDb = notificationsDb()): number {
  const before = now - VISITOR_RETENTION_MS;
  return db.transaction(() => {
    const stale = db
      .prepare("SELECT owner FROM viewer_settings WHERE owner LIKE 'v:%' AND COALESCE(last_visit_at, updated_at) < ?")
      .pluck()
      .all(before) as string[];
    // A visitor who set a bell but was never recorded visiting: their newest bell is their last visit.
    const unrecorded = db
      .prepare(
        "SELECT owner FROM bells WHERE owner LIKE 'v:%' AND owner NOT IN (SELECT owner FROM viewer_settings) GROUP BY owner HAVING MAX(updated_at) < ?",
      )
      .pluck()
      .all(before) as string[];
    const owners = [...stale, ...unrecorded];
    for (const owner of owners) {
      db.prepare("DELETE FROM bells WHERE owner = ?").run(owner);
      db.prepare("DELETE FROM push_subscriptions WHERE owner = ?").run(owner);
      db.prepare("DELETE FROM viewer_settings WHERE owner = ?").run(owner);
    }
    return owners.length;
  })();
}
