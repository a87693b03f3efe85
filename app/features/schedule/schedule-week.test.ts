import { afterEach, describe, expect, it } from "vitest";
import { ReleaseSchema, toRelease } from "~/.server/api/release-schema";
import { MEDIA_ORIGIN, releaseFixture } from "~/.server/api/test-fixtures";
import type { ScheduleEntry } from "~/domain/schedule";
import { placeEntries } from "./schedule-time";
import { buildScheduleWeek, episodeProgress, matchesBrowserClock, weekInBrowserZone } from "./schedule-week";

function entry(id: number, publishDay: number | null, freshAt: string | null, ordinal: number | null = null): ScheduleEntry {
  const release = {
    ...toRelease(ReleaseSchema.parse(releaseFixture()), MEDIA_ORIGIN),
    id,
    publishDay: { value: publishDay, description: null },
    freshAt,
  };
  const publishedReleaseEpisode = ordinal === null ? null : ({ ordinal, updatedAt: freshAt } as ScheduleEntry["publishedReleaseEpisode"]);
  return { release, fullSeasonIsReleased: false, publishedReleaseEpisode, nextReleaseEpisodeNumber: ordinal === null ? null : ordinal + 1 };
}

const november = new Date("2026-11-18T12:00:00Z"); // a Wednesday
const entries = [entry(1, 1, "2026-11-16T22:30:00Z", 5), entry(2, 3, "2026-11-17T15:00:00Z"), entry(3, 4, null), entry(4, null, null)];
const originalZone = process.env.TZ;

afterEach(() => {
  process.env.TZ = originalZone;
});

describe("the schedule's week", () => {
  it("is placed in the guessed zone, with card data and the episode line", () => {
    const week = buildScheduleWeek(entries, "Europe/Moscow", november);
    expect(week.timeZone).toBe("Europe/Moscow");
    expect(week.today).toBe(3);
    expect(week.items[0]).toMatchObject({
      day: 1,
      time: "01:30",
      progress: "Вышла серия 5, далее серия 6",
      instant: Date.parse("2026-11-15T22:30:00Z"),
    });
    expect(Object.keys(week.items[0]!.release)).not.toContain("members");
    expect(buildScheduleWeek(entries, "Mars/Olympus", november).timeZone).toBe("Europe/Moscow");
  });

  it("re-placed with the browser's clock matches the server's placement in that zone", () => {
    for (const zone of ["America/Los_Angeles", "Asia/Tokyo", "Europe/London"]) {
      process.env.TZ = zone;
      const inBrowser = weekInBrowserZone(buildScheduleWeek(entries, "Europe/Moscow", november), zone, november);
      const onServer = placeEntries(entries, zone, november);
      expect(inBrowser.timeZone).toBe(zone);
      expect(inBrowser.items.map(({ day, time, minuteOfDay }) => ({ day, time, minuteOfDay }))).toEqual(
        onServer.map(({ day, time, minuteOfDay }) => ({ day, time, minuteOfDay })),
      );
    }
  });

  it("takes today from the browser's clock", () => {
    process.env.TZ = "Pacific/Kiritimati"; // UTC+14: Thursday already, while Moscow is still on Wednesday
    const week = buildScheduleWeek(entries, "Europe/Moscow", november);
    expect(week.today).toBe(3);
    expect(weekInBrowserZone(week, "Pacific/Kiritimati", november).today).toBe(4);
  });

  it("tells whether the browser's clock already agrees with the guessed zone", () => {
    const week = buildScheduleWeek(entries, "Europe/Moscow", november);
    process.env.TZ = "Europe/Moscow";
    expect(matchesBrowserClock(week, november)).toBe(true);
    process.env.TZ = "Europe/Minsk"; // another name, the same clock
    expect(matchesBrowserClock(week, november)).toBe(true);
    process.env.TZ = "Asia/Tokyo";
    expect(matchesBrowserClock(week, november)).toBe(false);
    // No timed releases to compare (an empty search): the clock's offset still tells.
    const untimed = buildScheduleWeek([], "Europe/Moscow", november);
    expect(untimed.utcOffsetMinutes).toBe(180);
    expect(matchesBrowserClock(untimed, november)).toBe(false);
    process.env.TZ = "Europe/Moscow";
    expect(matchesBrowserClock(untimed, november)).toBe(true);
  });

  it("writes no episode line without episode facts", () => {
    expect(episodeProgress(entry(5, 1, null))).toBeNull();
  });
});
