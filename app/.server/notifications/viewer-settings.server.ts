// Per owner: the time zone and quiet hours of their notifications, and their visits (for «С прошлого визита»;
// decision 0284).
import type { BellOwner } from "~/domain/episode-bell";
import { ownerKey } from "./bells.server";
import { notificationsDb, type NotificationsDb } from "./notifications-db.server";

/** Minutes after midnight in the viewer's zone; `from === to` means no quiet hours. */
export type QuietHours = { timeZone: string; fromMinute: number; toMinute: number };

export type ViewerSettings = {
  timeZone: string | null;
  quiet: QuietHours | null;
  lastVisitAt: number | null;
  previousVisitAt: number | null;
};

/** A visit this long after the last one starts a new one: «С прошлого визита» counts from the visit before. */
export const NEW_VISIT_AFTER_MS = 30 * 60_000;

export function isTimeZone(text: string): boolean {
  if (text.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: text });
    return true;
  } catch {
    return false;
  }
}

type Row = {
  time_zone: string | null;
  quiet_from: number | null;
  quiet_to: number | null;
  last_visit_at: number | null;
  previous_visit_at: number | null;
};

function settingsOfKey(key: string, db: NotificationsDb): ViewerSettings {
  const row = db
    .prepare("SELECT time_zone, quiet_from, quiet_to, last_visit_at, previous_visit_at FROM viewer_settings WHERE owner = ?")
    .get(key) as Row | undefined;
  const timeZone = row?.time_zone ?? null;
  const quiet =
    timeZone && row?.quiet_from != null && row.quiet_to != null && row.quiet_from !== row.quiet_to
      ? { timeZone, fromMinute: row.quiet_from, toMinute: row.quiet_to }
      : null;
  return { timeZone, quiet, lastVisitAt: row?.last_visit_at ?? null, previousVisitAt: row?.previous_visit_at ?? null };
}

export function viewerSettingsOf(owner: BellOwner, db: NotificationsDb = notificationsDb()): ViewerSettings {
  return settingsOfKey(ownerKey(owner), db);
}

/** The settings of a stored owner key (the sender's side). */
export function viewerSettingsOfKey(key: string, db: NotificationsDb = notificationsDb()): ViewerSettings {
  return settingsOfKey(key, db);
}

export function saveTimeZone(owner: BellOwner, timeZone: string, now = Date.now(), db: NotificationsDb = notificationsDb()): void {
  db.prepare(
    `INSERT INTO viewer_settings (owner, time_zone, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (owner) DO UPDATE SET time_zone = COALESCE(viewer_settings.time_zone, excluded.time_zone), updated_at = excluded.updated_at`,
  ).run(ownerKey(owner), timeZone, now);
}

export function saveQuietHours(owner: BellOwner, quiet: QuietHours, now = Date.now(), db: NotificationsDb = notificationsDb()): void {
  db.prepare(
    `INSERT INTO viewer_settings (owner, time_zone, quiet_from, quiet_to, updated_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (owner) DO UPDATE SET time_zone = excluded.time_zone, quiet_from = excluded.quiet_from,
       quiet_to = excluded.quiet_to, updated_at = excluded.updated_at`,
  ).run(ownerKey(owner), quiet.timeZone, quiet.fromMinute, quiet.toMinute, now);
}

/**
 * Records a visit and answers when the previous visit was: the start of «С прошлого визита». Page views within
 * NEW_VISIT_AFTER_MS of each other are one visit, so the block does not empty itself on the next click.
 */
export function noteVisit(owner: BellOwner, now = Date.now(), db: NotificationsDb = notificationsDb()): number | null {
  const key = ownerKey(owner);
  return db.transaction(() => {
    const { lastVisitAt, previousVisitAt } = settingsOfKey(key, db);
    const sameVisit = lastVisitAt !== null && now - lastVisitAt < NEW_VISIT_AFTER_MS;
    const previous = sameVisit ? previousVisitAt : lastVisitAt;
    db.prepare(
      `INSERT INTO viewer_settings (owner, last_visit_at, previous_visit_at, updated_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (owner) DO UPDATE SET last_visit_at = excluded.last_visit_at, previous_visit_at = excluded.previous_visit_at,
         updated_at = excluded.updated_at`,
    ).run(key, now, previous, now);
    return previous;
  })();
}

function minuteOfDayIn(timeZone: string, at: number): number {
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(at);
  const hour = Number(parts.find((part) => part.type === "hour")?.value ?? 0);
  const minute = Number(parts.find((part) => part.type === "minute")?.value ?? 0);
  return hour * 60 + minute;
}

/**
 * When a notification due at `at` may be shown: `at` itself outside quiet hours, else the minute they end (in the
 * viewer's zone; a span past midnight such as 23:00–08:00 works).
 */
export function quietHoursEnd(quiet: QuietHours | null, at: number): number {
  if (!quiet) return at;
  const minute = minuteOfDayIn(quiet.timeZone, at);
  const { fromMinute, toMinute } = quiet;
  const inside = fromMinute < toMinute ? minute >= fromMinute && minute < toMinute : minute >= fromMinute || minute < toMinute;
  if (!inside) return at;
  const minutesLeft = (toMinute - minute + 24 * 60) % (24 * 60);
  // To the start of the minute quiet hours end, counted from the start of this minute.
  return at - (at % 60_000) + minutesLeft * 60_000;
}
