import { describe, expect, it } from "vitest";
import {
  formatBytes,
  formatClock,
  formatCount,
  formatDate,
  formatEpisodeRange,
  formatEpisodesTotal,
  formatMinutes,
  formatOrdinal,
  watchEpisodeLabel,
} from "./format";

describe("Russian formatting", () => {
  it("formats dates and rejects broken ones", () => {
    expect(formatDate("2026-11-21T10:00:00Z")).toBe("21 ноября 2026 г.");
    expect(formatDate("not a date")).toBeNull();
    expect(formatDate(null)).toBeNull();
  });

  it("gives the Moscow date wherever it runs, the same text as Intl in Moscow's zone", () => {
    expect(formatDate("2026-11-21T21:30:00Z")).toBe("22 ноября 2026 г.");
    const moscow = new Intl.DateTimeFormat("ru-RU", { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/Moscow" });
    // Every five hours from 2000 to 2027: summer time until 2010, UTC+4 from 2011 to 2014, UTC+3 since.
    for (let instant = Date.UTC(2000, 0, 1); instant < Date.UTC(2027, 0, 1); instant += 5 * 3_600_000) {
      if (formatDate(new Date(instant)) !== moscow.format(instant)) expect.fail(new Date(instant).toISOString());
    }
  });

  it("formats sizes with a Russian decimal comma", () => {
    expect(formatBytes(1536)).toBe("1,5 КБ");
    expect(formatBytes(1.4 * 1024 ** 3)).toBe("1,4 ГБ");
    expect(formatBytes(512)).toBe("512 Б");
    expect(formatBytes(-1)).toBeNull();
  });

  it("formats durations and positions", () => {
    expect(formatMinutes(1440)).toBe("24 мин");
    expect(formatMinutes(null)).toBeNull();
    expect(formatClock(83)).toBe("1:23");
    expect(formatClock(3723)).toBe("1:02:03");
  });

  it("says the total when known, else the episodes out so far, never «? эп.»", () => {
    const ongoing = { episodesTotal: 12, episodesAreUnknown: true, isOngoing: true };
    expect(formatEpisodesTotal(ongoing, 1150)).toBe("1\u00a0150 серий, выходит");
    expect(formatEpisodesTotal(ongoing)).toBe("Выходит");
    expect(formatEpisodesTotal({ ...ongoing, isOngoing: false }, 21)).toBe("21 серия");
    expect(formatEpisodesTotal({ ...ongoing, isOngoing: false })).toBeNull();
    expect(formatEpisodesTotal({ episodesTotal: 12, episodesAreUnknown: false, isOngoing: true }, 3)).toBe("12 серий");
    expect(formatEpisodesTotal({ episodesTotal: null, episodesAreUnknown: false, isOngoing: false })).toBeNull();
  });

  it("words a link to a numbered episode one way", () => {
    expect(watchEpisodeLabel("2")).toBe("Смотреть 2-ю серию");
  });

  it("counts with plural forms and prints fractional ordinals", () => {
    expect(formatCount(3, "episodes")).toBe("3 серии");
    expect(formatCount(11, "releases")).toBe("11 релизов");
    expect(formatOrdinal(12.5)).toBe("12,5");
    expect(formatOrdinal(null)).toBeNull();
  });

  it("heads a torrent's episodes: «Серия» for one, «Серии» for several", () => {
    expect(formatEpisodeRange("1")).toBe("Серия 1");
    expect(formatEpisodeRange("05-05")).toBe("Серия 05-05");
    expect(formatEpisodeRange("1-12")).toBe("Серии 1-12");
    expect(formatEpisodeRange("01-21")).toBe("Серии 01-21");
    expect(formatEpisodeRange("1-3, 5")).toBe("Серии 1-3, 5");
  });
});
