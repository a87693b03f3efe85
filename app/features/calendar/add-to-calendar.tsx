// "Добавить в календарь": subscription links for common calendars and the plain .ics file, in a <details>
// menu so it opens without JavaScript. The feed holds no account data; favorites travel as ids in its address.
import { useEffect, useState } from "react";
import { useDetailsOpen } from "~/components/use-details-open";
import { useRootData } from "~/shared/root-data";
import { calendarMenuStrings as strings } from "./strings";

type CalendarLinks = { google: string; apple: string; outlook: string };

/** The subscription addresses of a feed (`feedUrl` absolute, http or https). */
export function calendarLinks(feedUrl: string, name: string): CalendarLinks {
  const webcal = feedUrl.replace(/^https?:/, "webcal:");
  return {
    google: `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcal)}`,
    apple: webcal,
    outlook: `https://outlook.live.com/calendar/0/addfromweb?url=${encodeURIComponent(feedUrl)}&name=${encodeURIComponent(name)}`,
  };
}

/** Adds the viewer's zone to a feed path; the browser's own once hydrated, else the one the server guessed. */
function withTimeZone(path: string, timeZone: string | null): string {
  if (!timeZone) return path;
  const url = new URL(path, "http://feed.invalid");
  url.searchParams.set("tz", timeZone);
  return `${url.pathname}${url.search.replace(/%2C/g, ",").replace(/%2F/g, "/")}`;
}

/**
 * The zone the feed is asked in, and the function that swaps in the browser's own. It is read when the menu opens,
 * not on hydration: the page's first Intl object loads ICU's data, a 100+ ms task on a phone (decision 0231).
 */
function useViewerTimeZone(serverGuess: string | null): [string | null, () => void] {
  const [timeZone, setTimeZone] = useState(serverGuess);
  const readBrowserZone = () => {
    const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (browserZone) setTimeZone(browserZone);
  };
  return [timeZone, readBrowserZone];
}

const itemClass = "block rounded px-3 py-2 text-sm hover:bg-surface-raised";

export function AddToCalendar({
  feedPath,
  name,
  label = strings.addToCalendar,
  timeZone = null,
  align = "left",
}: {
  /** The feed's path (`scheduleCalendarPath`, `releaseCalendarPath`). */
  feedPath: string;
  /** The calendar's name from the site's, for the apps that ask. */
  name: (siteName: string) => string;
  label?: string;
  timeZone?: string | null;
  align?: "left" | "right";
}) {
  const site = useRootData()?.site;
  const [viewerTimeZone, readBrowserZone] = useViewerTimeZone(timeZone);
  const menu = useDetailsOpen();
  useEffect(() => {
    if (menu.open) readBrowserZone();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read when it opens
  }, [menu.open]);
  const path = withTimeZone(feedPath, viewerTimeZone);
  const links = calendarLinks(`${site?.origin ?? ""}${path}`, name(site?.name ?? "AniLibria"));
  return (
    <details ref={menu.ref} className="relative" data-testid="add-to-calendar" onToggle={menu.onToggle}>
      <summary className="inline-flex h-10 cursor-pointer list-none items-center rounded-md border border-line px-4 text-sm font-medium hover:bg-surface-raised">
        {label}
      </summary>
      <div
        // On a phone the menu opens in the flow, under its button: anchored to a button that may sit anywhere in a wrapped row, it could stick out.
        className={`mt-2 w-72 max-w-[calc(100vw-2rem)] rounded-md border border-line bg-surface p-2 shadow-xl sm:absolute sm:z-40 ${align === "right" ? "sm:right-0" : "sm:left-0"}`}
      >
        <ul aria-label={label}>
          <li>
            <a href={links.google} rel="noopener" className={itemClass}>
              {strings.googleCalendar}
            </a>
          </li>
          <li>
            <a href={links.apple} className={itemClass}>
              {strings.appleCalendar}
            </a>
          </li>
          <li>
            <a href={links.outlook} rel="noopener" className={itemClass}>
              {strings.outlookCalendar}
            </a>
          </li>
          <li>
            <a href={path} download className={itemClass}>
              {strings.download}
            </a>
          </li>
        </ul>
        <p className="px-3 pb-1 pt-2 text-xs text-muted">{strings.menuHint}</p>
      </div>
    </details>
  );
}
