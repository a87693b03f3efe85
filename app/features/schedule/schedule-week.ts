// The week as the schedule page draws it: card data, the episode line and each release's placement. The loader
// places it in its best guess of the viewer's zone (a remembered zone, else the location's, else Moscow); after
// hydration the browser re-places it in its own zone (docs/decisions/0062-schedule-time-zones.md).
import { toReleaseCard, type ReleaseCardData } from "~/domain/release-card";
import type { ScheduleEntry } from "~/domain/schedule";
import { formatOrdinal } from "~/i18n/format";
import {
  browserWeekday,
  placeEntries,
  placeInBrowserZone,
  safeTimeZone,
  utcOffsetMinutes,
  weekdayIn,
  type Placement,
  type Weekday,
} from "./schedule-time";
import { scheduleStrings as strings } from "./strings";

export type ScheduleItem = Placement & {
  release: ReleaseCardData;
  /** "Вышла серия 5, далее серия 6". */
  progress: string | null;
  /** This week's moment of the release (epoch milliseconds), for placing it in another zone. */
  instant: number | null;
};

export type ScheduleWeek = {
  timeZone: string;
  /** The zone's offset from UTC when the page was made, in minutes: compared with the browser's own clock. */
  utcOffsetMinutes: number;
  today: Weekday;
  items: ScheduleItem[];
};

/** The browser remembers its zone here, so the next server render already places the week in it. */
export const TIME_ZONE_COOKIE = "tz";
/** The schedule's page and its single-fetch data URL (`/anime/schedule.data` is not below `/anime/schedule`). */
export const TIME_ZONE_COOKIE_PATHS = ["/anime/schedule", "/anime/schedule.data"] as const;

export function episodeProgress(entry: ScheduleEntry): string | null {
  const published = formatOrdinal(entry.publishedReleaseEpisode?.ordinal ?? null);
  const parts = [
    published ? strings.episodeOut(published) : null,
    entry.fullSeasonIsReleased
      ? strings.seasonComplete
      : entry.nextReleaseEpisodeNumber
        ? strings.nextEpisode(entry.nextReleaseEpisodeNumber)
        : null,
  ].filter(Boolean);
  const text = parts.join(", ");
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : null;
}

export function buildScheduleWeek(entries: readonly ScheduleEntry[], timeZone: string | null | undefined, now: Date): ScheduleWeek {
  const zone = safeTimeZone(timeZone);
  return {
    timeZone: zone,
    utcOffsetMinutes: utcOffsetMinutes(now, zone),
    today: weekdayIn(now, zone),
    items: placeEntries(entries, zone, now).map(({ entry, ...placement }) => ({
      ...placement,
      release: toReleaseCard(entry.release),
      progress: episodeProgress(entry),
    })),
  };
}

/** The week re-placed in the browser's own zone (`browserTimeZone` must be the zone the browser's clock runs in). */
export function weekInBrowserZone(week: ScheduleWeek, browserTimeZone: string, now: Date): ScheduleWeek {
  return {
    timeZone: browserTimeZone,
    utcOffsetMinutes: -now.getTimezoneOffset(),
    today: browserWeekday(now),
    items: week.items.map((item) => (item.instant === null ? item : { ...item, ...placeInBrowserZone(item.instant) })),
  };
}

/** Whether the browser's clock already places every release (and today) where the week has them: then the zone
 * guess was right, or as good as right, and the browser need not ask Intl for its zone name. */
export function matchesBrowserClock(week: ScheduleWeek, now: Date): boolean {
  // The offset too: a week without timed releases (an empty search) proves nothing by its items.
  if (browserWeekday(now) !== week.today || -now.getTimezoneOffset() !== week.utcOffsetMinutes) return false;
  return week.items.every((item) => {
    if (item.instant === null) return true;
    const local = placeInBrowserZone(item.instant);
    return local.day === item.day && local.time === item.time;
  });
}
