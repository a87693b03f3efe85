import { describe, expect, it } from "vitest";
import { MAX_CALENDAR_IDS, parseCalendarQuery } from "./calendar-query";
import { calendarFeedStrings as calendarStrings } from "./feed-strings";

const parse = (query: string) => parseCalendarQuery(new URLSearchParams(query));

describe("the calendar feed's query", () => {
  it("defaults to the whole week in Moscow time", () => {
    expect(parse("")).toEqual({ ok: true, value: { ids: null, timeZone: "Europe/Moscow" } });
  });

  it("takes distinct release ids and a zone in any spelling Intl knows", () => {
    expect(parse("ids=3,1,3&tz=europe/london")).toEqual({ ok: true, value: { ids: [3, 1], timeZone: "Europe/London" } });
    expect(parse("tz=UTC")).toEqual({ ok: true, value: { ids: null, timeZone: "UTC" } });
  });

  it("refuses malformed or too many ids in Russian", () => {
    for (const ids of [
      "",
      "1,,2",
      "0",
      "-1",
      "1.5",
      "abc",
      "1;DROP",
      Array.from({ length: MAX_CALENDAR_IDS + 1 }, (_, i) => i + 1).join(","),
    ]) {
      expect(parse(`ids=${encodeURIComponent(ids)}`)).toEqual({ ok: false, message: calendarStrings.badIds });
    }
    expect(parse(`ids=${Array.from({ length: MAX_CALENDAR_IDS }, (_, i) => i + 1).join(",")}`).ok).toBe(true);
  });

  it("refuses an unknown zone in Russian", () => {
    expect(parse("tz=Mars/Olympus")).toEqual({ ok: false, message: calendarStrings.badTimeZone });
    expect(parse(`tz=${"A".repeat(100)}`)).toEqual({ ok: false, message: calendarStrings.badTimeZone });
  });
});
