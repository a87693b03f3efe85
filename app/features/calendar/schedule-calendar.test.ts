import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { ReleaseSchema, toRelease } from "~/.server/api/release-schema";
import { MEDIA_ORIGIN, releaseFixture } from "~/.server/api/test-fixtures";
import type { ScheduleEntry } from "~/domain/schedule";
import { scheduleCalendarText } from "./schedule-calendar";

function entry(
  id: number,
  publishDay: number | null,
  freshAt: string | null,
  { ordinal = null, title = `Релиз ${id}`, complete = false }: { ordinal?: number | null; title?: string; complete?: boolean } = {},
): ScheduleEntry {
  const base = toRelease(ReleaseSchema.parse(releaseFixture()), MEDIA_ORIGIN);
  const release = {
    ...base,
    id,
    alias: `release-${id}`,
    name: { ...base.name, main: title },
    publishDay: { value: publishDay, description: null },
    averageDurationOfEpisode: 24,
    freshAt,
  };
  const publishedReleaseEpisode = ordinal === null ? null : ({ ordinal, updatedAt: freshAt } as ScheduleEntry["publishedReleaseEpisode"]);
  return {
    release,
    fullSeasonIsReleased: complete,
    publishedReleaseEpisode,
    nextReleaseEpisodeNumber: ordinal === null ? null : ordinal + 1,
  };
}

const ORIGIN = "https://anime.example";
const TITLE = "Поднятие уровня в одиночку: Восстань из тени, часть вторая; финал \\ спецвыпуск";

function feed(entries: ScheduleEntry[], timeZone: string, now: Date) {
  return scheduleCalendarText(entries, { timeZone, origin: ORIGIN, now, name: "AniLibria: расписание", description: "Неделя" });
}

/** Parses with Mozilla's ical.js, registering the feed's own VTIMEZONE (not the parser's built-in zones). */
function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  const events = calendar.getAllSubcomponents("vevent").map((component) => new ICAL.Event(component));
  return { calendar, events };
}

function occurrences(event: ICAL.Event, count: number): Date[] {
  const iterator = event.iterator();
  const dates: Date[] = [];
  for (let next = iterator.next(); next && dates.length < count; next = iterator.next()) dates.push(next.toJSDate());
  return dates;
}

const november = new Date("2026-11-18T12:00:00Z"); // a Wednesday

describe("the schedule as an iCalendar feed", () => {
  it("writes lines of at most 75 octets ending in CRLF", () => {
    const text = feed([entry(1, 1, "2026-11-16T22:30:00Z", { ordinal: 5, title: TITLE })], "Europe/Moscow", november);
    expect(text.endsWith("\r\n")).toBe(true);
    for (const line of text.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  });

  it("parses with a real parser: names, Russian text with escapes, link and stable ids", () => {
    const text = feed([entry(1, 1, "2026-11-16T22:30:00Z", { ordinal: 5, title: TITLE })], "Europe/Moscow", november);
    const { calendar, events } = parse(text);
    expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe("AniLibria: расписание");
    expect(calendar.getFirstPropertyValue("refresh-interval")?.toString()).toBe("PT6H");
    expect(calendar.getFirstPropertyValue("x-wr-timezone")).toBe("Europe/Moscow");
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event?.summary).toBe(TITLE);
    expect(event?.uid).toBe("release-1@anime.example");
    expect(event?.description).toBe("Вышла серия 5, далее серия 6\nСмотреть: https://anime.example/anime/releases/release/release-1");
    expect(event?.component.getFirstPropertyValue("url")).toBe("https://anime.example/anime/releases/release/release-1");
    expect(event?.duration.toSeconds()).toBe(24 * 60);
    // The same feed made a day later keeps the event's identity.
    expect(
      parse(feed([entry(1, 1, "2026-11-16T22:30:00Z", { ordinal: 5 })], "Europe/Moscow", new Date("2026-11-19T12:00:00Z"))).events[0]?.uid,
    ).toBe(event?.uid);
  });

  it("repeats each release weekly on its day and time, in the viewer's zone", () => {
    // Monday 01:30 in Moscow is Sunday 22:30 in London (UTC+0 in November).
    const { events } = parse(feed([entry(1, 1, "2026-11-16T22:30:00Z", { ordinal: 5 })], "Europe/London", november));
    const [event] = events;
    expect(event?.isRecurring()).toBe(true);
    expect(event?.startDate.zone?.tzid).toBe("Europe/London");
    expect(event?.startDate.toString()).toBe("2026-11-15T22:30:00");
    expect(event?.component.getFirstPropertyValue("rrule")?.toString()).toBe("FREQ=WEEKLY;BYDAY=SU");
    expect(occurrences(event!, 3).map((date) => date.toISOString())).toEqual([
      "2026-11-15T22:30:00.000Z",
      "2026-11-22T22:30:00.000Z",
      "2026-11-29T22:30:00.000Z",
    ]);
  });

  it("keeps the viewer's wall time across their daylight-saving change, by the feed's own VTIMEZONE", () => {
    // Wednesday 01:30 Moscow = Tuesday 17:30 in New York (UTC-5) before 8 March 2026; 17:30 is UTC-4 after.
    const { events } = parse(feed([entry(2, 3, "2026-03-03T22:30:00Z")], "America/New_York", new Date("2026-03-02T12:00:00Z")));
    expect(occurrences(events[0]!, 2).map((date) => date.toISOString())).toEqual(["2026-03-03T22:30:00.000Z", "2026-03-10T21:30:00.000Z"]);
  });

  it("gives a release without a time an all-day event on its Moscow day, and leaves out undated and finished ones", () => {
    const { events } = parse(
      feed([entry(3, 4, null), entry(4, null, null), entry(5, 2, "2026-11-17T15:00:00Z", { complete: true })], "Asia/Tokyo", november),
    );
    expect(events.map((event) => event.uid)).toEqual(["release-3@anime.example"]);
    const [event] = events;
    expect(event?.startDate.isDate).toBe(true);
    expect(event?.startDate.toString()).toBe("2026-11-19");
    expect(event?.component.getFirstPropertyValue("rrule")?.toString()).toBe("FREQ=WEEKLY;BYDAY=TH");
    expect(event?.description).toContain("Время выхода не объявлено");
  });
});
