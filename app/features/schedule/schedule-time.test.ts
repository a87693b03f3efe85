import { describe, expect, it } from "vitest";
import type { Release } from "~/domain/release";
import type { ScheduleEntry } from "~/domain/schedule";
import { canonicalTimeZone, groupByViewerDay, instantOfWallTime, nextWeekday, placeEntries, safeTimeZone } from "./schedule-time";

function entry(id: number, publishDay: number | null, freshAt: string | null): ScheduleEntry {
  const release = { id, publishDay: { value: publishDay, description: null }, freshAt } as unknown as Release;
  return { release, fullSeasonIsReleased: false, publishedReleaseEpisode: null, nextReleaseEpisodeNumber: null };
}

const november = new Date("2026-11-18T12:00:00Z");
const july = new Date("2026-07-15T12:00:00Z");

describe("placeEntries", () => {
  it("keeps the Moscow day and time for a Moscow viewer", () => {
    const [placed] = placeEntries([entry(1, 1, "2026-11-17T04:00:00Z")], "Europe/Moscow", november);
    expect(placed).toMatchObject({ day: 1, time: "07:00", minuteOfDay: 420 });
  });

  it("moves a Monday-night Moscow release to Sunday evening in London and keeps Monday in Tokyo", () => {
    const monday0130 = entry(1, 1, "2026-11-16T22:30:00Z");
    expect(placeEntries([monday0130], "Europe/London", november)[0]).toMatchObject({ day: 7, time: "22:30" });
    expect(placeEntries([monday0130], "Asia/Tokyo", november)[0]).toMatchObject({ day: 1, time: "07:30" });
  });

  it("follows the viewer's daylight-saving time for the current week", () => {
    const monday0700 = entry(1, 1, "2026-11-17T04:00:00Z");
    expect(placeEntries([monday0700], "America/New_York", july)[0]).toMatchObject({ day: 1, time: "00:00" });
    expect(placeEntries([monday0700], "America/New_York", november)[0]).toMatchObject({ day: 7, time: "23:00" });
  });

  it("keeps the day without a time when no release moment is known, and no day without a publish day", () => {
    const [noTime, noDay] = placeEntries([entry(1, 4, null), entry(2, null, "2026-11-17T04:00:00Z")], "Asia/Tokyo", november);
    expect(noTime).toMatchObject({ day: 4, time: null });
    expect(noDay).toMatchObject({ day: null, time: null });
  });

  it("falls back to Moscow for an unknown zone", () => {
    expect(safeTimeZone("Mars/Olympus")).toBe("Europe/Moscow");
    expect(safeTimeZone("x".repeat(65))).toBe("Europe/Moscow");
    // Every spelling of a zone comes out as its one canonical name (the formatter cache keys on it).
    expect(canonicalTimeZone("eUrOpE/lOnDoN")).toBe("Europe/London");
    expect(canonicalTimeZone("Mars/Olympus")).toBeNull();
    expect(placeEntries([entry(1, 3, "2026-11-17T04:00:00Z")], "Mars/Olympus", november)[0]).toMatchObject({ day: 3, time: "07:00" });
  });
});

describe("groupByViewerDay", () => {
  it("gives seven days from Monday, each in time order with untimed entries last", () => {
    const placed = placeEntries(
      [
        entry(1, 2, "2026-11-17T15:00:00Z"),
        entry(2, 2, null),
        entry(3, 2, "2026-11-17T03:00:00Z"),
        entry(4, 6, "2026-11-17T03:00:00Z"),
        entry(5, null, null),
      ],
      "Europe/Moscow",
      november,
    );
    const days = groupByViewerDay(placed);
    expect(days.map((day) => day.day)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(days[1]?.entries.map((item) => item.entry.release.id)).toEqual([3, 1, 2]);
    expect(days[5]?.entries.map((item) => item.entry.release.id)).toEqual([4]);
    expect(days.flatMap((day) => day.entries)).toHaveLength(4);
  });
});

describe("helpers", () => {
  it("finds the instant of a wall time across a DST change", () => {
    expect(instantOfWallTime({ year: 2026, month: 3, day: 29, hour: 3, minute: 30 }, "Europe/Berlin").toISOString()).toBe(
      "2026-03-29T01:30:00.000Z",
    );
    expect(instantOfWallTime({ year: 2026, month: 11, day: 16, hour: 7, minute: 0 }, "Europe/Moscow").toISOString()).toBe(
      "2026-11-16T04:00:00.000Z",
    );
  });

  it("wraps weekdays around the week", () => {
    expect(nextWeekday(7, 1)).toBe(1);
    expect(nextWeekday(1, -1)).toBe(7);
    expect(nextWeekday(3, 1)).toBe(4);
  });
});
