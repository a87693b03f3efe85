// The schedule page's data: the week, narrowed to the user's favorites or collections and to the search.
import type { ApiHandle } from "~/.server/api/handle";
import type { RequestArgs } from "~/.server/load-context.server";
import { logWarn } from "~/.server/log.server";
import { withRouteErrors } from "~/.server/route-errors.server";
import { visitorLocation } from "~/.server/root-data.server";
import { readCookie } from "~/domain/cookies";
import { searchWithLayoutRetry } from "~/domain/keyboard-layout";
import { narrowSchedule, type ScheduleOnly, type ScheduleQuery } from "./schedule-query";
import { parseScheduleQuery } from "./schedule-query.server";
import { canonicalTimeZone } from "./schedule-time";
import { buildScheduleWeek, TIME_ZONE_COOKIE, type ScheduleWeek } from "./schedule-week";

async function listedReleaseIds(api: ApiHandle, only: ScheduleOnly): Promise<Set<number> | null> {
  if (!api.signedIn) return null;
  const { lists } = api.optional;
  try {
    const ids = only === "favorites" ? await lists.favoriteIds() : (await lists.collectionIds()).map((entry) => entry.releaseId);
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
  /** The search as read in the other keyboard layout, when only that reading found something. */
  searchedAs?: string;
};

/** The zone the browser remembered (a valid IANA name), else the visitor's location's; null → Moscow. */
async function guessTimeZone(request: Request, api: ApiHandle): Promise<string | null> {
  const remembered = canonicalTimeZone(readCookie(request.headers.get("Cookie"), TIME_ZONE_COOKIE));
  if (remembered) return remembered;
  return (await visitorLocation(api.optional.context))?.timezone ?? null;
}

export async function loadSchedule(args: RequestArgs, query: ScheduleQuery): Promise<ScheduleData> {
  const { api } = args.context;
  const [week, listed, timeZone] = await Promise.all([
    api.schedule.week(),
    query.only ? listedReleaseIds(api, query.only) : Promise.resolve(null),
    guessTimeZone(args.request, api),
  ]);
  // The same search as the catalogue's, the wrong keyboard layout included ("cnfkmyjt" is "стальное").
  const { result: found, searchedAs } = await searchWithLayoutRetry(
    query.q || undefined,
    async (search) => narrowSchedule(week, listed, search ?? ""),
    (entries) => entries.length === 0,
  );
  return { week: buildScheduleWeek(found, timeZone, new Date()), only: listed ? query.only : null, searchedAs };
}

/** The schedule page's loader: the query from the address, the week as this viewer sees it. */
export function loadSchedulePage(args: RequestArgs) {
  const query = parseScheduleQuery(new URL(args.request.url).searchParams);
  return withRouteErrors(args.request, async () => {
    const schedule = await loadSchedule(args, query);
    return { ...schedule, query: { ...query, only: schedule.only } satisfies ScheduleQuery };
  });
}
