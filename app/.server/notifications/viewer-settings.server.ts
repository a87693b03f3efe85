// Per owner: the time zone and quiet hours of their notifications, and their visits (for «С прошлого визита»;
// decision 0284).
import type { BellOwner } from "~/domain/episode-bell";
import { ownerKey } from "./bells.server";
import { notificationStore, type NotificationStore, type StoredSettings } from "./notification-store.server";

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

function settingsOf(stored: StoredSettings): ViewerSettings {
  const { timeZone, quietFrom, quietTo } = stored;
  const quiet =
    timeZone && quietFrom !== null && quietTo !== null && quietFrom !== quietTo
      ? { timeZone, fromMinute: quietFrom, toMinute: quietTo }
      : null;
  return { timeZone, quiet, lastVisitAt: stored.lastVisitAt, previousVisitAt: stored.previousVisitAt };
}

export function viewerSettingsOf(owner: BellOwner, store: NotificationStore = notificationStore()): Promise<ViewerSettings> {
  return viewerSettingsOfKey(ownerKey(owner), store);
}

/** The settings of a stored owner key (the sender's side). */
export async function viewerSettingsOfKey(key: string, store: NotificationStore = notificationStore()): Promise<ViewerSettings> {
  return settingsOf(await store.settings(key));
}

/** The zone the browser reported with its first device; a zone the viewer chose is kept. */
export async function saveTimeZone(
  owner: BellOwner,
  timeZone: string,
  now = Date.now(),
  store: NotificationStore = notificationStore(),
): Promise<void> {
  const key = ownerKey(owner);
  if ((await store.settings(key)).timeZone === null) await store.saveSettings(key, { timeZone }, now);
}

export function saveQuietHours(
  owner: BellOwner,
  quiet: QuietHours,
  now = Date.now(),
  store: NotificationStore = notificationStore(),
): Promise<void> {
  return store.saveSettings(ownerKey(owner), { timeZone: quiet.timeZone, quietFrom: quiet.fromMinute, quietTo: quiet.toMinute }, now);
}

/**
 * Records a visit and answers when the previous visit was: the start of «С прошлого визита». Page views within
 * NEW_VISIT_AFTER_MS of each other are one visit, so the block does not empty itself on the next click. Two views
 * at once may both write: each writes the same visit.
 */
export async function noteVisit(
  owner: BellOwner,
  now = Date.now(),
  store: NotificationStore = notificationStore(),
): Promise<number | null> {
  const key = ownerKey(owner);
  const { lastVisitAt, previousVisitAt } = await store.settings(key);
  const sameVisit = lastVisitAt !== null && now - lastVisitAt < NEW_VISIT_AFTER_MS;
  const previous = sameVisit ? previousVisitAt : lastVisitAt;
  await store.saveSettings(key, { lastVisitAt: now, previousVisitAt: previous }, now);
  return previous;
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
