// Days and times of the weekly schedule in the viewer's time zone. The upstream's publish day (1 = Monday)
// is a Moscow day; the time of day is the Moscow time the latest episode came out. Each release is placed
// at that Moscow weekday and time in the current week, then read back in the viewer's zone — so a release
// out on Monday 02:00 in Moscow shows on Sunday 23:00 in London (docs/decisions/0062-schedule-time-zones.md).
import type { ScheduleEntry } from "~/domain/schedule";

export const SCHEDULE_SOURCE_TIME_ZONE = "Europe/Moscow";

export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const WEEKDAY_NAMES: Record<Weekday, string> = {
  1: "Понедельник",
  2: "Вторник",
  3: "Среда",
  4: "Четверг",
  5: "Пятница",
  6: "Суббота",
  7: "Воскресенье",
};

export const WEEKDAY_SHORT_NAMES: Record<Weekday, string> = { 1: "Пн", 2: "Вт", 3: "Ср", 4: "Чт", 5: "Пт", 6: "Сб", 7: "Вс" };

const weekdayNumbers: Record<string, Weekday> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

type ZonedParts = { year: number; month: number; day: number; hour: number; minute: number; weekday: Weekday };

/** Canonical zone names are a few hundred; callers canonicalise, the cap is for one that does not. */
const MAX_FORMATTERS = 1000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      weekday: "short",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    });
    if (formatters.size < MAX_FORMATTERS) formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * The zone's canonical IANA name ("europe/MOSCOW" → "Europe/Moscow"), or null for a missing or unknown one.
 * Only canonical names reach the formatter cache, so a cookie's endless spellings of one zone cannot grow it.
 */
export function canonicalTimeZone(timeZone: string | null | undefined): string | null {
  if (!timeZone || timeZone.length > 64) return null;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** A known IANA zone (canonical name), or the schedule's own (Moscow) when the given one is missing or unknown. */
export function safeTimeZone(timeZone: string | null | undefined): string {
  return canonicalTimeZone(timeZone) ?? SCHEDULE_SOURCE_TIME_ZONE;
}

export function zonedParts(date: Date, timeZone: string): ZonedParts {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(date)) parts[part.type] = part.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    weekday: weekdayNumbers[parts.weekday ?? "Mon"] ?? 1,
  };
}

function offsetMilliseconds(instant: number, timeZone: string): number {
  const parts = zonedParts(new Date(instant), timeZone);
  const asUtc = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute);
  return asUtc - (instant - (instant % 60_000));
}

/** The zone's offset from UTC at a moment, in minutes (Moscow: 180). */
export function utcOffsetMinutes(moment: Date, timeZone: string): number {
  return Math.round(offsetMilliseconds(moment.getTime(), timeZone) / 60_000);
}

/** The instant at which a wall-clock date and time occur in a zone (the second pass settles DST edges). */
export function instantOfWallTime(
  wall: { year: number; month: number; day: number; hour: number; minute: number },
  timeZone: string,
): Date {
  const guess = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  const first = guess - offsetMilliseconds(guess, timeZone);
  return new Date(guess - offsetMilliseconds(first, timeZone));
}

export function weekdayIn(now: Date, timeZone: string): Weekday {
  return zonedParts(now, timeZone).weekday;
}

/** Where a release falls in a viewer's week. */
export type Placement = {
  /** The viewer's weekday; null when the upstream gave no publish day. */
  day: Weekday | null;
  /** "19:00" in the viewer's zone; null when no release time is known. */
  time: string | null;
  /** Minutes since the viewer's midnight, for ordering within a day. */
  minuteOfDay: number | null;
};

export type PlacedEntry = Placement & {
  entry: ScheduleEntry;
  /** This week's moment of the release (epoch milliseconds); null when no release time is known. */
  instant: number | null;
};

const pad = (value: number) => String(value).padStart(2, "0");

function releasedAt(entry: ScheduleEntry): Date | null {
  const stamp = entry.publishedReleaseEpisode?.updatedAt ?? entry.release.freshAt;
  if (!stamp) return null;
  const date = new Date(stamp);
  return Number.isNaN(date.getTime()) ? null : date;
}

function isWeekday(value: number | null): value is Weekday {
  return value !== null && Number.isInteger(value) && value >= 1 && value <= 7;
}

function placementOf(parts: { weekday: Weekday; hour: number; minute: number }): Placement {
  return { day: parts.weekday, time: `${pad(parts.hour)}:${pad(parts.minute)}`, minuteOfDay: parts.hour * 60 + parts.minute };
}

/** Where each entry falls in the viewer's week (`now` fixes which week, for daylight-saving rules). */
export function placeEntries(entries: readonly ScheduleEntry[], viewerTimeZone: string, now: Date): PlacedEntry[] {
  const zone = safeTimeZone(viewerTimeZone);
  const today = zonedParts(now, SCHEDULE_SOURCE_TIME_ZONE);
  const mondayUtc = Date.UTC(today.year, today.month - 1, today.day) - (today.weekday - 1) * 86_400_000;
  return entries.map((entry) => {
    const sourceDay = entry.release.publishDay.value;
    if (!isWeekday(sourceDay)) return { entry, instant: null, day: null, time: null, minuteOfDay: null };
    const released = releasedAt(entry);
    if (!released) return { entry, instant: null, day: sourceDay, time: null, minuteOfDay: null };
    const sourceTime = zonedParts(released, SCHEDULE_SOURCE_TIME_ZONE);
    const date = new Date(mondayUtc + (sourceDay - 1) * 86_400_000);
    const instant = instantOfWallTime(
      {
        year: date.getUTCFullYear(),
        month: date.getUTCMonth() + 1,
        day: date.getUTCDate(),
        hour: sourceTime.hour,
        minute: sourceTime.minute,
      },
      SCHEDULE_SOURCE_TIME_ZONE,
    );
    return { entry, instant: instant.getTime(), ...placementOf(zonedParts(instant, zone)) };
  });
}

/**
 * The same placement in the browser's own zone, read with the Date's local getters: no Intl formatter to build,
 * which on a phone costs more than the whole week's arithmetic.
 */
export function placeInBrowserZone(instant: number): Placement {
  const date = new Date(instant);
  return placementOf({ weekday: browserWeekday(date), hour: date.getHours(), minute: date.getMinutes() });
}

export function browserWeekday(date: Date): Weekday {
  return (((date.getDay() + 6) % 7) + 1) as Weekday;
}

export type ScheduleDay<Item extends Placement> = { day: Weekday; entries: Item[] };

/** All seven days from Monday, each in time order (entries without a time last); entries without a day are left out. */
export function groupByViewerDay<Item extends Placement>(placed: readonly Item[]): ScheduleDay<Item>[] {
  return WEEKDAYS.map((day) => ({
    day,
    entries: placed
      .filter((item) => item.day === day)
      .sort((a, b) => (a.minuteOfDay ?? Number.MAX_SAFE_INTEGER) - (b.minuteOfDay ?? Number.MAX_SAFE_INTEGER)),
  }));
}

export function nextWeekday(day: Weekday, step: 1 | -1): Weekday {
  return (((((day - 1 + step) % 7) + 7) % 7) + 1) as Weekday;
}
