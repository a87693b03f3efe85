// Russian dates, durations and sizes (Intl.DateTimeFormat "ru-RU").
import { countOf, type PluralForms } from "./plural";

export const forms = {
  episodes: { one: "эпизод", few: "эпизода", many: "эпизодов" },
  releases: { one: "релиз", few: "релиза", many: "релизов" },
  minutes: { one: "минута", few: "минуты", many: "минут" },
  seeders: { one: "сид", few: "сида", many: "сидов" },
  leechers: { one: "личер", few: "личера", many: "личеров" },
  downloads: { one: "загрузка", few: "загрузки", many: "загрузок" },
  views: { one: "просмотр", few: "просмотра", many: "просмотров" },
  results: { one: "результат", few: "результата", many: "результатов" },
} satisfies Record<string, PluralForms>;

/** Built on first use: a DateTimeFormat loads locale data (tens of milliseconds on a phone) most pages never need. */
function lazyDateFormat(options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let format: Intl.DateTimeFormat | null = null;
  return () => (format ??= new Intl.DateTimeFormat("ru-RU", options));
}

const dayMonthYear = lazyDateFormat({ day: "numeric", month: "long", year: "numeric" });
const dayMonth = lazyDateFormat({ day: "numeric", month: "long" });

function parse(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "21 ноября 2026 г." — or null for a missing or broken date. */
export function formatDate(value: string | Date | null | undefined): string | null {
  const date = parse(value);
  return date ? dayMonthYear().format(date) : null;
}

export function formatDayMonth(value: string | Date | null | undefined): string | null {
  const date = parse(value);
  return date ? dayMonth().format(date) : null;
}

/** Time of day in the given IANA time zone (the viewer's, when the browser tells it). */
export function formatTime(value: string | Date | null | undefined, timeZone?: string): string | null {
  const date = parse(value);
  if (!date) return null;
  try {
    return new Intl.DateTimeFormat("ru-RU", { hour: "2-digit", minute: "2-digit", timeZone }).format(date);
  } catch {
    return new Intl.DateTimeFormat("ru-RU", { hour: "2-digit", minute: "2-digit" }).format(date);
  }
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
  return `${value.toLocaleString("ru-RU", { maximumFractionDigits: digits, minimumFractionDigits: digits })} ${sizeUnits[unit]}`;
}

export function formatCount(count: number, which: keyof typeof forms): string {
  return countOf(count, forms[which]);
}

/** "12", "12.5" → "12,5" for an episode ordinal. */
export function formatOrdinal(ordinal: number | null): string | null {
  return ordinal === null ? null : ordinal.toLocaleString("ru-RU", { maximumFractionDigits: 2 });
}
