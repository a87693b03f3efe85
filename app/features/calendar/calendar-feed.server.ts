// The calendar feeds: the week, a list of releases named in the address (a viewer's favorites), or one
// release. Nothing personal is read, so every answer may sit in a shared cache (decision 0195).
import { apiContext } from "~/.server/api/context";
import { getRelease } from "~/.server/api/releases";
import { getScheduleWeek } from "~/.server/api/schedule";
import { getEnv } from "~/.server/env.server";
import { PUBLIC_PAGE_CACHE_CONTROL } from "~/.server/http-cache.server";
import { withRouteErrors } from "~/.server/route-errors.server";
import { siteOrigin } from "~/.server/site-origin.server";
import { releaseTitle, type Release } from "~/domain/release";
import type { ScheduleEntry } from "~/domain/schedule";
import { parseCalendarQuery } from "./calendar-query";
import { scheduleCalendarText } from "./schedule-calendar";
import { calendarFeedStrings as strings } from "./feed-strings";
import { calendarNames } from "./strings";

/** The feeds read no account: without the session an expired one cannot turn a feed into a sign-in redirect. */
function anonymous(request: Request) {
  return apiContext(request, { token: null });
}

function badRequest(message: string): Response {
  return new Response(message, {
    status: 400,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}

function calendarResponse(text: string, fileName: string): Response {
  return new Response(text, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL,
    },
  });
}

export async function loadScheduleFeed(request: Request): Promise<Response> {
  const query = parseCalendarQuery(new URL(request.url).searchParams);
  if (!query.ok) return badRequest(query.message);
  const { ids, timeZone } = query.value;
  return withRouteErrors(request, async () => {
    const week = await getScheduleWeek(anonymous(request));
    const wanted = ids ? new Set(ids) : null;
    const entries = wanted ? week.filter((entry) => wanted.has(entry.release.id)) : week;
    const site = getEnv().SITE_NAME;
    const text = scheduleCalendarText(entries, {
      timeZone,
      origin: siteOrigin(request),
      now: new Date(),
      name: wanted ? calendarNames.favorites(site) : calendarNames.week(site),
      description: wanted ? strings.favoritesDescription : strings.weekDescription,
    });
    return calendarResponse(text, wanted ? "favorites-schedule.ics" : "schedule.ics");
  });
}

/** A release missing from the week (the week lists what comes out now) still has its day and latest episode. */
function entryOfRelease(release: Release): ScheduleEntry {
  const latestOrdinal = release.latestEpisode?.ordinal ?? null;
  return {
    release,
    fullSeasonIsReleased: !release.isOngoing,
    publishedReleaseEpisode: release.latestEpisode,
    nextReleaseEpisodeNumber: latestOrdinal !== null && Number.isInteger(latestOrdinal) ? latestOrdinal + 1 : null,
  };
}

export async function loadReleaseFeed(request: Request, alias: string | undefined): Promise<Response> {
  const query = parseCalendarQuery(new URL(request.url).searchParams);
  if (!query.ok) return badRequest(query.message);
  if (!alias) throw new Response(null, { status: 404 });
  return withRouteErrors(request, async () => {
    const caller = anonymous(request);
    const [release, week] = await Promise.all([getRelease(caller, alias), getScheduleWeek(caller).catch(() => [])]);
    const entry = week.find((candidate) => candidate.release.id === release.id) ?? entryOfRelease(release);
    const site = getEnv().SITE_NAME;
    const title = releaseTitle(release);
    const text = scheduleCalendarText([entry], {
      timeZone: query.value.timeZone,
      origin: siteOrigin(request),
      now: new Date(),
      name: calendarNames.release(site, title),
      description: strings.releaseDescription(title),
    });
    return calendarResponse(text, `${release.alias.replace(/[^a-z0-9-]+/gi, "-") || release.id}.ics`);
  });
}
