// An iCalendar feed as Mozilla's ical.js reads it, for the browser suite and the page checks alike (decision 0195).
import ICAL from "ical.js";

/** RFC 5545 folds lines at 75 octets. */
const MAX_LINE_OCTETS = 75;

/** The calendar, its events (its time zones registered first), and the lines longer than a line may be. */
export function readCalendarFeed(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  return {
    calendar,
    events: calendar.getAllSubcomponents("vevent").map((component) => new ICAL.Event(component)),
    overlongLines: text.split("\r\n").filter((line) => Buffer.byteLength(line) > MAX_LINE_OCTETS),
  };
}

export const FEED_CONTENT_TYPE = "text/calendar; charset=utf-8";
export const FEED_DISPOSITION = /^attachment; filename="[\w-]+\.ics"$/;
