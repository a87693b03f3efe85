// The schedule page's data: the week, narrowed to the user's favorites or collections and to the search.
import { getCollectionIds, getFavoriteIds } from "~/.server/api/accounts";
import { apiContext } from "~/.server/api/context";
import { getScheduleWeek } from "~/.server/api/schedule";
import { logWarn } from "~/.server/log.server";
import type { ScheduleEntry } from "~/domain/schedule";
import { narrowSchedule, type ScheduleOnly, type ScheduleQuery } from "./schedule-query";

async function listedReleaseIds(request: Request, only: ScheduleOnly): Promise<Set<number> | null> {
  const context = apiContext(request, { timeout: "optional" });
  if (!context.token) return null;
  try {
    const ids = only === "favorites" ? await getFavoriteIds(context) : (await getCollectionIds(context)).map((entry) => entry.releaseId);
    return new Set(ids);
  } catch (error) {
    logWarn(`schedule: ${only} ids unavailable`, { error });
    return null;
  }
}

export type ScheduleData = {
  entries: ScheduleEntry[];
  /** The list filter actually applied (null for a visitor, or when the ids could not be loaded). */
  only: ScheduleOnly | null;
  /** When the page was made: fixes "today" and the week for the server render and the hydration. */
  renderedAt: string;
};

export async function loadSchedule(request: Request, query: ScheduleQuery): Promise<ScheduleData> {
  const [week, listed] = await Promise.all([
    getScheduleWeek(request),
    query.only ? listedReleaseIds(request, query.only) : Promise.resolve(null),
  ]);
  return { entries: narrowSchedule(week, listed, query.q), only: listed ? query.only : null, renderedAt: new Date().toISOString() };
}
