// The schedule page's data: the week, narrowed to the user's favorites or collections and to the search.
import { getCollectionIds, getFavoriteIds } from "~/.server/api/lists";
import { apiContext } from "~/.server/api/context";
import { getScheduleWeek } from "~/.server/api/schedule";
import { logWarn } from "~/.server/log.server";
import { visitorLocation } from "~/.server/root-data.server";
import { readCookie } from "~/domain/cookies";
import { narrowSchedule, type ScheduleOnly, type ScheduleQuery } from "./schedule-query";
import { canonicalTimeZone } from "./schedule-time";
import { buildScheduleWeek, TIME_ZONE_COOKIE, type ScheduleWeek } from "./schedule-week";

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
  week: ScheduleWeek;
  /** The list filter actually applied (null for a visitor, or when the ids could not be loaded). */
  only: ScheduleOnly | null;
};

/** The zone the browser remembered (a valid IANA name), else the visitor's location's; null → Moscow. */
async function guessTimeZone(request: Request): Promise<string | null> {
  const remembered = canonicalTimeZone(readCookie(request.headers.get("Cookie"), TIME_ZONE_COOKIE));
  if (remembered) return remembered;
  return (await visitorLocation(apiContext(request, { timeout: "optional" })))?.timezone ?? null;
}

export async function loadSchedule(request: Request, query: ScheduleQuery): Promise<ScheduleData> {
  const [week, listed, timeZone] = await Promise.all([
    getScheduleWeek(request),
    query.only ? listedReleaseIds(request, query.only) : Promise.resolve(null),
    guessTimeZone(request),
  ]);
  return { week: buildScheduleWeek(narrowSchedule(week, listed, query.q), timeZone, new Date()), only: listed ? query.only : null };
}
