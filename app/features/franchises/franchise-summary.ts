// The figures a franchise is summed up by: its years, and its duration when the upstream sent no text.
import type { Franchise, FranchiseRelease } from "~/domain/franchise";
import { countOf } from "~/i18n/plural";

const hours = { one: "час", few: "часа", many: "часов" };
const minutes = { one: "минута", few: "минуты", many: "минут" };

/** "2013–2016", "2020", or null when no year is known. */
export function franchiseYears(franchise: Pick<Franchise, "firstYear" | "lastYear">): string | null {
  const { firstYear, lastYear } = franchise;
  if (firstYear && lastYear && firstYear !== lastYear) return `${Math.min(firstYear, lastYear)}–${Math.max(firstYear, lastYear)}`;
  const year = firstYear ?? lastYear;
  return year ? String(year) : null;
}

/** The upstream's own text ("11 ч 42 мин") when present, else "11 часов 42 минуты" from the seconds. */
export function franchiseDuration(franchise: Pick<Franchise, "totalDuration" | "totalDurationInSeconds">): string | null {
  if (franchise.totalDuration) return franchise.totalDuration;
  const seconds = franchise.totalDurationInSeconds;
  if (seconds == null || !Number.isFinite(seconds) || seconds <= 0) return null;
  const totalMinutes = Math.round(seconds / 60);
  const wholeHours = Math.floor(totalMinutes / 60);
  const restMinutes = totalMinutes % 60;
  return [wholeHours > 0 ? countOf(wholeHours, hours) : null, restMinutes > 0 || wholeHours === 0 ? countOf(restMinutes, minutes) : null]
    .filter(Boolean)
    .join(" ");
}

/** The watch order: by the franchise's sort order; entries without one keep their place at the end. */
export function inWatchOrder(releases: readonly FranchiseRelease[]): FranchiseRelease[] {
  return releases
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => (a.entry.sortOrder ?? Number.MAX_SAFE_INTEGER) - (b.entry.sortOrder ?? Number.MAX_SAFE_INTEGER) || a.index - b.index)
    .map(({ entry }) => entry);
}
