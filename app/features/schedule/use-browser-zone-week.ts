// The week the schedule shows: the server's placement for the server render and the hydration, then the
// browser's own zone, which is also remembered in a cookie for the next server render.
import { startTransition, useEffect, useMemo, useState } from "react";
import { ONE_YEAR_SECONDS, readCookie, serializePreferenceCookie } from "~/domain/cookies";
import { matchesBrowserClock, TIME_ZONE_COOKIE, TIME_ZONE_COOKIE_PATHS, weekInBrowserZone, type ScheduleWeek } from "./schedule-week";

function rememberTimeZone(timeZone: string) {
  if (readCookie(document.cookie, TIME_ZONE_COOKIE) === timeZone) return;
  // Only the schedule's document and its data requests carry it: every other page stays one shared cache entry.
  for (const path of TIME_ZONE_COOKIE_PATHS) {
    document.cookie = serializePreferenceCookie(TIME_ZONE_COOKIE, timeZone, {
      maxAgeSeconds: ONE_YEAR_SECONDS,
      sameSite: "Lax",
      secure: window.location.protocol === "https:",
      path,
    });
  }
}

export function useBrowserZoneWeek(week: ScheduleWeek): ScheduleWeek {
  const [browserTimeZone, setBrowserTimeZone] = useState<string | null>(null);
  useEffect(() => {
    // Asking for the zone's name builds the page's first Intl object (ICU's data: a long task on a phone):
    // only when the browser's clock places the week differently.
    if (matchesBrowserClock(week, new Date())) return;
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!timeZone) return;
    rememberTimeZone(timeZone);
    // A transition: redrawing the whole week is a long task on a phone, and this way it yields to input.
    startTransition(() => setBrowserTimeZone(timeZone));
    // Once, for the week the page was loaded with: the browser's zone does not change between navigations.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return useMemo(
    () => (browserTimeZone && browserTimeZone !== week.timeZone ? weekInBrowserZone(week, browserTimeZone, new Date()) : week),
    [week, browserTimeZone],
  );
}
