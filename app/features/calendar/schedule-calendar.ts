// The weekly schedule as an iCalendar object: one weekly recurring event per release, in the viewer's zone
// (docs/decisions/0195-schedule-calendar-feed.md).
import type { ScheduleEntry } from "~/domain/schedule";
import { releaseTitle } from "~/domain/release";
import { releasePath } from "~/domain/site-paths";
import { episodeProgress } from "~/features/schedule/schedule-week";
import { placeEntries, SCHEDULE_SOURCE_TIME_ZONE, zonedParts, type Weekday } from "~/features/schedule/schedule-time";
import {
  dateValue,
  localDateTime,
  serializeCalendar,
  textProperty,
  timeZoneComponent,
  utcDateTime,
  wallTimeIn,
  type Component,
} from "./icalendar";
import { calendarFeedStrings as strings } from "./feed-strings";

export const CALENDAR_REFRESH = "PT6H";
/** An episode's event when the release names no average duration. */
const DEFAULT_EPISODE_MINUTES = 24;

const BYDAY: Record<Weekday, string> = { 1: "MO", 2: "TU", 3: "WE", 4: "TH", 5: "FR", 6: "SA", 7: "SU" };

export type CalendarOptions = {
  /** Canonical IANA zone the events are written in. */
  timeZone: string;
  /** Absolute origin for links and UIDs ("https://example.org"). */
  origin: string;
  name: string;
  description: string;
  now: Date;
};

/** The Moscow calendar date of a weekday in the current Moscow week. */
function sourceWeekDate(day: Weekday, now: Date) {
  const today = zonedParts(now, SCHEDULE_SOURCE_TIME_ZONE);
  const date = new Date(Date.UTC(today.year, today.month - 1, today.day) + (day - today.weekday) * 86_400_000);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

function eventDescription(entry: ScheduleEntry, url: string, timed: boolean): string {
  return [episodeProgress(entry), timed ? null : strings.eventNoTime, strings.eventLink(url)].filter(Boolean).join("\n");
}

export function scheduleCalendar(entries: readonly ScheduleEntry[], options: CalendarOptions): Component {
  const { timeZone, origin, now } = options;
  const host = new URL(origin).host;
  const stamp = utcDateTime(now);
  const events: Component[] = [];
  for (const { entry, instant, day } of placeEntries(entries, timeZone, now)) {
    // No day: nothing recurs. A finished season: no more episodes to wait for.
    if (day === null || entry.fullSeasonIsReleased) continue;
    const url = `${origin}${releasePath(entry.release.alias)}`;
    const common = [
      { name: "UID", value: `release-${entry.release.id}@${host}` },
      { name: "DTSTAMP", value: stamp },
      textProperty("SUMMARY", releaseTitle(entry.release)),
      textProperty("DESCRIPTION", eventDescription(entry, url, instant !== null)),
      { name: "URL", value: url, params: { VALUE: "URI" } },
      { name: "TRANSP", value: "TRANSPARENT" },
    ];
    if (instant === null) {
      // Without a time the day is Moscow's; an all-day event on it (decision 0195).
      events.push({
        name: "VEVENT",
        properties: [
          ...common,
          { name: "DTSTART", value: dateValue(sourceWeekDate(day, now)), params: { VALUE: "DATE" } },
          { name: "DURATION", value: "P1D" },
          { name: "RRULE", value: `FREQ=WEEKLY;BYDAY=${BYDAY[day]}` },
        ],
      });
      continue;
    }
    const minutes = Math.round(entry.release.averageDurationOfEpisode ?? DEFAULT_EPISODE_MINUTES) || DEFAULT_EPISODE_MINUTES;
    events.push({
      name: "VEVENT",
      properties: [
        ...common,
        { name: "DTSTART", value: localDateTime(wallTimeIn(new Date(instant), timeZone)), params: { TZID: timeZone } },
        { name: "DURATION", value: `PT${minutes}M` },
        { name: "RRULE", value: `FREQ=WEEKLY;BYDAY=${BYDAY[day]}` },
      ],
    });
  }
  return {
    name: "VCALENDAR",
    properties: [
      { name: "VERSION", value: "2.0" },
      { name: "PRODID", value: `-//${host}//schedule//RU` },
      { name: "CALSCALE", value: "GREGORIAN" },
      { name: "METHOD", value: "PUBLISH" },
      textProperty("NAME", options.name),
      textProperty("X-WR-CALNAME", options.name),
      textProperty("DESCRIPTION", options.description),
      textProperty("X-WR-CALDESC", options.description),
      { name: "X-WR-TIMEZONE", value: timeZone },
      { name: "REFRESH-INTERVAL", value: CALENDAR_REFRESH, params: { VALUE: "DURATION" } },
      { name: "X-PUBLISHED-TTL", value: CALENDAR_REFRESH },
    ],
    components: [timeZoneComponent(timeZone, now), ...events],
  };
}

export function scheduleCalendarText(entries: readonly ScheduleEntry[], options: CalendarOptions): string {
  return serializeCalendar(scheduleCalendar(entries, options));
}
