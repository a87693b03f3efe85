// The schedule's state in the URL (`?day=3&view=posters&q=…&only=favorites`) and the links that change it.
import type { ScheduleEntry } from "~/domain/schedule";
import { titleMatches } from "../../../title-search/title-match";

export const SCHEDULE_VIEWS = ["cards", "posters"] as const;
export type ScheduleView = (typeof SCHEDULE_VIEWS)[number];

export const SCHEDULE_ONLY = ["favorites", "collections"] as const;
export type ScheduleOnly = (typeof SCHEDULE_ONLY)[number];

export type ScheduleQuery = {
  /** The viewer's weekday (1 = Monday); null for the whole week. */
  day: number | null;
  view: ScheduleView;
  /** Title search; "" for none. */
  q: string;
  /** Only the signed-in user's favorites or collections; null for everything. */
  only: ScheduleOnly | null;
};

export const DEFAULT_SCHEDULE_QUERY: ScheduleQuery = { day: null, view: "cards", q: "", only: null };

/** `/anime/schedule` with the given state; defaults are left out so every state has one address. */
export function scheduleHref(query: ScheduleQuery, change: Partial<ScheduleQuery> = {}): string {
  const next = { ...query, ...change };
  const params = new URLSearchParams();
  if (next.day !== null) params.set("day", String(next.day));
  if (next.view !== DEFAULT_SCHEDULE_QUERY.view) params.set("view", next.view);
  if (next.q) params.set("q", next.q);
  if (next.only) params.set("only", next.only);
  const search = params.toString();
  return search ? `/anime/schedule?${search}` : "/anime/schedule";
}

/**
 * The week narrowed to the listed releases (null: no list chosen) and to titles matching the search, by the
 * project's one title search (word forms and prefixes, `title-search/`, decision 0256).
 */
export function narrowSchedule(week: readonly ScheduleEntry[], listed: ReadonlySet<number> | null, q: string): ScheduleEntry[] {
  return week.filter(
    (entry) =>
      (listed === null || listed.has(entry.release.id)) &&
      titleMatches([entry.release.name.main, entry.release.name.english, entry.release.name.alternative], q),
  );
}
