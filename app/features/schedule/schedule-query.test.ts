import { describe, expect, it } from "vitest";
import type { Release } from "~/domain/release";
import type { ScheduleEntry } from "~/domain/schedule";
import { DEFAULT_SCHEDULE_QUERY, narrowSchedule, scheduleHref } from "./schedule-query";
import { parseScheduleQuery } from "./schedule-query.server";

const parse = (search: string) => parseScheduleQuery(new URLSearchParams(search));

describe("parseScheduleQuery", () => {
  it("reads every parameter", () => {
    expect(parse("day=3&view=posters&q=%20ван%20%20пис%20&only=favorites")).toEqual({
      day: 3,
      view: "posters",
      q: "ван пис",
      only: "favorites",
    });
  });

  it("gives the defaults for an empty query", () => {
    expect(parse("")).toEqual(DEFAULT_SCHEDULE_QUERY);
  });

  it.each(["day=0", "day=8", "day=2.5", "day=пн", "view=list", "only=everything", "day=&view=&only="])(
    "ignores the bad value in %s",
    (search) => {
      expect(parse(search)).toEqual(DEFAULT_SCHEDULE_QUERY);
    },
  );

  it("cuts an overlong search", () => {
    expect(parse(`q=${"а".repeat(500)}`).q).toHaveLength(100);
  });
});

describe("scheduleHref", () => {
  it("leaves defaults out and keeps the rest of the state", () => {
    expect(scheduleHref(DEFAULT_SCHEDULE_QUERY)).toBe("/anime/schedule");
    expect(scheduleHref({ day: 2, view: "posters", q: "", only: null }, { day: 5 })).toBe("/anime/schedule?day=5&view=posters");
    expect(scheduleHref({ day: 2, view: "cards", q: "эхо", only: "collections" }, { day: null })).toBe(
      "/anime/schedule?q=%D1%8D%D1%85%D0%BE&only=collections",
    );
  });
});

describe("narrowSchedule", () => {
  const entry = (id: number, main: string, english: string | null): ScheduleEntry => ({
    release: { id, name: { main, english, alternative: null } } as unknown as Release,
    fullSeasonIsReleased: false,
    publishedReleaseEpisode: null,
    nextReleaseEpisodeNumber: null,
  });
  const week = [
    entry(1, "Эхо серебряного ветра", "Echoes of the Silver Wind"),
    entry(2, "Алое зеркало", null),
    entry(3, "Тайна ветра", null),
  ];
  const ids = (entries: ScheduleEntry[]) => entries.map((item) => item.release.id);

  it("keeps only the user's listed releases", () => {
    expect(ids(narrowSchedule(week, new Set([2, 3, 99]), ""))).toEqual([2, 3]);
    expect(ids(narrowSchedule(week, new Set(), ""))).toEqual([]);
  });

  it("searches titles in both languages, and combines with the list", () => {
    expect(ids(narrowSchedule(week, null, "ветра"))).toEqual([1, 3]);
    expect(ids(narrowSchedule(week, null, "silver"))).toEqual([1]);
    expect(ids(narrowSchedule(week, new Set([3]), "ветра"))).toEqual([3]);
    expect(ids(narrowSchedule(week, null, ""))).toEqual([1, 2, 3]);
  });

  it("finds titles by other forms of their words, in any order, as the catalogue does (decision 0256)", () => {
    expect(ids(narrowSchedule(week, null, "серебряное эхо"))).toEqual([1]);
    expect(ids(narrowSchedule(week, null, "ветром"))).toEqual([1, 3]);
    expect(ids(narrowSchedule(week, null, "зеркалом"))).toEqual([2]);
    expect(ids(narrowSchedule(week, null, "ЁЖИК"))).toEqual([]);
  });

  it("finds a word by its forms without its fleeting vowel, as the catalogue does (decision 0282)", () => {
    expect(ids(narrowSchedule(week, null, "ветер"))).toEqual([1, 3]);
    const blades = [entry(4, "Весенний клинок", "Vernal Blade"), entry(5, "Клиника", null)];
    for (const search of ["клинка", "клинком", "клинки"]) expect(ids(narrowSchedule(blades, null, search)), search).toEqual([4]);
  });
});
