// The weekly schedule of ongoing releases by publish day (Moscow time, Monday = 1).
import type { Route } from "../http/router";
import type { RequestContext } from "../http/context";
import type { ReleaseRow } from "../db/rows";
import { storeOf } from "./store-registry";
import { RELEASE_SELECT } from "./release-store";
import { prepareCached } from "../db/statement-cache";

const weekdayNumbers: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

// Building a formatter costs far more than formatting with one (every release page asks for the schedule).
const moscowWeekdayFormat = new Intl.DateTimeFormat("en-US", { weekday: "short", timeZone: "Europe/Moscow" });

export function moscowWeekday(date: Date): number {
  const name = moscowWeekdayFormat.format(date);
  return weekdayNumbers[name] ?? 1;
}

function scheduleEntries(context: RequestContext, publishDays: number[] | null) {
  const store = storeOf(context.db);
  const rows = prepareCached(
    context.db,
    `${RELEASE_SELECT} WHERE r.is_ongoing = 1 ${publishDays ? `AND r.publish_day IN (${publishDays.join(", ")})` : ""}
       ORDER BY r.publish_day, r.fresh_at DESC, r.id DESC`,
  ).all() as ReleaseRow[];
  if (rows.length === 0) return [];
  const episodes = store.latestEpisodesOf(rows.map((row) => row.id));
  const releases = store.presentRows(rows, context.origin, { genres: true });
  return rows.map((row, index) => {
    const latest = episodes.get(row.id)?.latest;
    const published = episodes.get(row.id)?.wholeOrdinals ?? 0;
    const fullSeason = row.episodes_total !== null && published >= row.episodes_total;
    return {
      release: releases[index],
      full_season_is_released: fullSeason,
      published_release_episode: latest ? store.presentEpisode(latest, row, context.origin) : null,
      next_release_episode_number: fullSeason ? null : Math.floor(latest?.ordinal ?? 0) + 1,
    };
  });
}

export const scheduleRoutes: Route[] = [
  {
    method: "GET",
    path: "/anime/schedule/week",
    // The live server answers a bare array here, not the documented {data} (docs/upstream.md#quirks).
    handler: (context) => scheduleEntries(context, null),
  },
  {
    method: "GET",
    path: "/anime/schedule/now",
    selection: "per-key",
    handler: (context) => {
      const today = moscowWeekday(context.now());
      const shift = (days: number): number => ((today - 1 + days + 7) % 7) + 1;
      return {
        today: scheduleEntries(context, [today]),
        tomorrow: scheduleEntries(context, [shift(1)]),
        yesterday: scheduleEntries(context, [shift(-1)]),
      };
    },
  },
];
