// Russian dates, durations, counts and sizes.
import { formatNumber } from "./number";
import { countOf, type PluralForms } from "./plural";

export const forms = {
  // One word for an episode across the site: «серия» (decision 0283).
  episodes: { one: "серия", few: "серии", many: "серий" },
  releases: { one: "релиз", few: "релиза", many: "релизов" },
  minutes: { one: "минута", few: "минуты", many: "минут" },
  /** After «через»: «через 1 минуту». */
  minutesLater: { one: "минуту", few: "минуты", many: "минут" },
  seeders: { one: "сид", few: "сида", many: "сидов" },
  leechers: { one: "личер", few: "личера", many: "личеров" },
  downloads: { one: "загрузка", few: "загрузки", many: "загрузок" },
  views: { one: "просмотр", few: "просмотра", many: "просмотров" },
  results: { one: "результат", few: "результата", many: "результатов" },
} satisfies Record<string, PluralForms>;

/** How many episodes the upstream's range text names: "1" or "05-05" is one, "1-12" twelve; other text, several. */
function episodesInRange(range: string): number {
  const bounds = /^\s*(\d+)\s*(?:[-–—]\s*(\d+)\s*)?$/.exec(range);
  if (!bounds) return Number.NaN;
  const from = Number(bounds[1]);
  const to = bounds[2] === undefined ? from : Number(bounds[2]);
  return Math.abs(to - from) + 1;
}

/**
 * «Серия 1» for a torrent of one episode, «Серии 1-12» for several: the upstream's range text with its heading.
 * A heading is not a count phrase («Серии 1-21», not «Серия 1-21»), so it is one or not, not the plural rule.
 */
export function formatEpisodeRange(range: string): string {
  return `${episodesInRange(range) === 1 ? "Серия" : "Серии"} ${range.trim()}`;
}

const MONTHS_GENITIVE = [
  "января",
  "февраля",
  "марта",
  "апреля",
  "мая",
  "июня",
  "июля",
  "августа",
  "сентября",
  "октября",
  "ноября",
  "декабря",
];
// Dates are shown in Moscow time, the same on the server and in every browser: in the runtime's own zone a
// date near midnight came out one day on the server and the next in the browser, and React threw the page's
// hydration away. Moscow's offsets are written out (no Intl object to build): UTC+3 since 26 October 2014,
// UTC+4 from 27 March 2011, and before that UTC+3 with summer time (UTC+4) from the last Sunday of March to the
// last Sunday of October, both switches at 23:00 UTC the evening before.
const HOUR_MS = 60 * 60 * 1000;
const MOSCOW_ALWAYS_UTC4_FROM = Date.UTC(2011, 2, 26, 23);
const MOSCOW_UTC3_AGAIN_FROM = Date.UTC(2014, 9, 25, 22);

function lastSundayEve(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay()) - HOUR_MS;
}

function moscowOffsetMs(instant: number): number {
  if (instant >= MOSCOW_UTC3_AGAIN_FROM) return 3 * HOUR_MS;
  if (instant >= MOSCOW_ALWAYS_UTC4_FROM) return 4 * HOUR_MS;
  const year = new Date(instant).getUTCFullYear();
  const summer = instant >= lastSundayEve(year, 2) && instant < lastSundayEve(year, 9);
  return (summer ? 4 : 3) * HOUR_MS;
}

function parse(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "21 ноября 2026 г." (the Moscow date) — or null for a missing or broken date. Written out: no Intl object to build. */
export function formatDate(value: string | Date | null | undefined): string | null {
  const date = parse(value);
  if (!date) return null;
  const moscow = new Date(date.getTime() + moscowOffsetMs(date.getTime()));
  return `${moscow.getUTCDate()} ${MONTHS_GENITIVE[moscow.getUTCMonth()]} ${moscow.getUTCFullYear()} г.`;
}

/** "24 мин" for an episode length in seconds. */
export function formatMinutes(seconds: number | null | undefined): string | null {
  if (seconds == null || !Number.isFinite(seconds) || seconds <= 0) return null;
  return `${Math.max(1, Math.round(seconds / 60))} мин`;
}

/** "1:02:03" or "2:03" for a playback position. */
export function formatClock(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = String(total % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
}

const sizeUnits = ["Б", "КБ", "МБ", "ГБ", "ТБ"];

/** "1,4 ГБ" for a size in bytes. */
export function formatBytes(bytes: number | null | undefined): string | null {
  if (bytes == null || !Number.isFinite(bytes) || bytes < 0) return null;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < sizeUnits.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${formatNumber(value, digits, digits)} ${sizeUnits[unit]}`;
}

export function formatCount(count: number, which: keyof typeof forms): string {
  return countOf(count, forms[which]);
}

type EpisodeCountSource = { episodesTotal: number | null; episodesAreUnknown: boolean; isOngoing: boolean };

/**
 * What a card or a page says of a release's episode count: the total when the upstream knows it; otherwise the
 * episodes out so far (`published`, when the page has them), with «выходит» while the release is still coming out.
 */
export function formatEpisodesTotal(release: EpisodeCountSource, published = 0): string | null {
  const totalKnown = !release.episodesAreUnknown && release.episodesTotal;
  if (totalKnown) return formatCount(totalKnown, "episodes");
  if (published > 0) return release.isOngoing ? `${formatCount(published, "episodes")}, выходит` : formatCount(published, "episodes");
  return release.isOngoing ? "Выходит" : null;
}

/** «Серия 12,5»: an episode's heading in every list, card and player. */
export function episodeHeading(ordinal: string): string {
  return `Серия ${ordinal}`;
}

/** «Смотреть 2-ю серию»: the one wording of a link to a numbered episode. */
export function watchEpisodeLabel(ordinal: string): string {
  return `Смотреть ${ordinal}-ю серию`;
}

/** "12", "12.5" → "12,5" for an episode ordinal. */
export function formatOrdinal(ordinal: number | null): string | null {
  return ordinal === null ? null : formatNumber(ordinal, 2);
}
