// A small RFC 5545 writer: content lines, text escaping, folding at 75 octets, date-times and VTIMEZONE.
// Only what the schedule feed needs (docs/decisions/0195-schedule-calendar-feed.md).
import { utcOffsetMinutes, zonedParts } from "~/features/schedule/schedule-time";

const CRLF = "\r\n";
const MAX_LINE_OCTETS = 75;
const utf8 = new TextEncoder();

const isControlCharacter = (character: string) => {
  const code = character.charCodeAt(0);
  return code < 0x20 || code === 0x7f;
};

/** TEXT values: backslash, comma, semicolon and newlines escaped (as RFC 5545 asks); other control characters dropped. */
export function escapeText(value: string): string {
  return value
    .replace(/\r\n?/g, "\n")
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\n/g, "\\n")
    .split("")
    .filter((character) => !isControlCharacter(character))
    .join("");
}

/**
 * Splits a content line into lines of at most 75 octets, each continuation starting with a space.
 * Cuts only between characters, so a multi-byte letter (all of Russian) is never split across lines.
 */
export function foldLine(line: string): string {
  if (utf8.encode(line).length <= MAX_LINE_OCTETS) return line;
  const lines: string[] = [];
  let current = "";
  let octets = 0;
  let limit = MAX_LINE_OCTETS;
  for (const character of line) {
    const size = utf8.encode(character).length;
    if (octets + size > limit) {
      lines.push(current);
      current = "";
      octets = 0;
      // The leading space of a continuation line counts towards its 75 octets.
      limit = MAX_LINE_OCTETS - 1;
    }
    current += character;
    octets += size;
  }
  lines.push(current);
  return lines.join(`${CRLF} `);
}

/** A property: `NAME;PARAM=…:value`, the value given already in its iCalendar form. */
export type Property = { name: string; value: string; params?: Record<string, string> };

export type Component = { name: string; properties: Property[]; components?: Component[] };

function propertyLine({ name, value, params }: Property): string {
  const parameters = Object.entries(params ?? {})
    .map(([key, parameter]) => `;${key}=${/[:;,]/.test(parameter) ? `"${parameter.replace(/"/g, "")}"` : parameter}`)
    .join("");
  return foldLine(`${name}${parameters}:${value}`);
}

function componentLines(component: Component): string[] {
  return [
    `BEGIN:${component.name}`,
    ...component.properties.map(propertyLine),
    ...(component.components ?? []).flatMap(componentLines),
    `END:${component.name}`,
  ];
}

/** The whole object, CRLF after every line (the last one included). */
export function serializeCalendar(calendar: Component): string {
  return componentLines(calendar).join(CRLF) + CRLF;
}

export const textProperty = (name: string, value: string, params?: Record<string, string>): Property => ({
  name,
  value: escapeText(value),
  params,
});

const pad = (value: number, length = 2) => String(value).padStart(length, "0");

/** `20261124T031500Z`. */
export function utcDateTime(moment: Date): string {
  return (
    `${pad(moment.getUTCFullYear(), 4)}${pad(moment.getUTCMonth() + 1)}${pad(moment.getUTCDate())}` +
    `T${pad(moment.getUTCHours())}${pad(moment.getUTCMinutes())}${pad(moment.getUTCSeconds())}Z`
  );
}

export type WallTime = { year: number; month: number; day: number; hour: number; minute: number };

/** `20261124T031500` (a local time, given with TZID). */
export function localDateTime(wall: WallTime): string {
  return `${pad(wall.year, 4)}${pad(wall.month)}${pad(wall.day)}T${pad(wall.hour)}${pad(wall.minute)}00`;
}

/** `20261124` (an all-day DATE value). */
export function dateValue(wall: Pick<WallTime, "year" | "month" | "day">): string {
  return `${pad(wall.year, 4)}${pad(wall.month)}${pad(wall.day)}`;
}

function utcOffsetText(minutes: number): string {
  const sign = minutes < 0 ? "-" : "+";
  const absolute = Math.abs(minutes);
  return `${sign}${pad(Math.floor(absolute / 60))}${pad(absolute % 60)}`;
}

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** The moments in [from, to) at which the zone's offset changes, found day by day and then to the minute. */
function offsetChanges(timeZone: string, from: number, to: number): { at: number; before: number; after: number }[] {
  const changes: { at: number; before: number; after: number }[] = [];
  let previous = utcOffsetMinutes(new Date(from), timeZone);
  for (let dayStart = from; dayStart < to; dayStart += DAY_MS) {
    const dayEnd = dayStart + DAY_MS;
    const next = utcOffsetMinutes(new Date(dayEnd), timeZone);
    if (next === previous) continue;
    let low = dayStart;
    let high = dayEnd;
    while (high - low > MINUTE_MS) {
      const middle = low + Math.floor((high - low) / 2 / MINUTE_MS) * MINUTE_MS;
      if (utcOffsetMinutes(new Date(middle), timeZone) === previous) low = middle;
      else high = middle;
    }
    changes.push({ at: high, before: previous, after: next });
    previous = next;
  }
  return changes;
}

function wallTimeAt(moment: number, offsetMinutes: number): WallTime {
  const shifted = new Date(moment + offsetMinutes * MINUTE_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
  };
}

/**
 * A VTIMEZONE for an IANA zone, with the offset in force at `from` and every change in the year after it
 * as single observances (no RRULE: Intl gives the changes, not the rule). Calendar apps that know the
 * IANA name use their own rules for later years.
 */
export function timeZoneComponent(timeZone: string, from: Date): Component {
  const start = from.getTime() - 7 * DAY_MS;
  const initial = utcOffsetMinutes(new Date(start), timeZone);
  const changes = offsetChanges(timeZone, start, start + 380 * DAY_MS);
  const offsets = [initial, ...changes.map((change) => change.after)];
  const standardOffset = Math.min(...offsets);
  const observance = (at: number, before: number, after: number): Component => ({
    name: after > standardOffset ? "DAYLIGHT" : "STANDARD",
    properties: [
      // DTSTART of an observance is the local time in the offset before the change.
      { name: "DTSTART", value: localDateTime(wallTimeAt(at, before)) },
      { name: "TZOFFSETFROM", value: utcOffsetText(before) },
      { name: "TZOFFSETTO", value: utcOffsetText(after) },
    ],
  });
  return {
    name: "VTIMEZONE",
    properties: [{ name: "TZID", value: timeZone }],
    components: [
      observance(Date.UTC(1970, 0, 1), initial, initial),
      ...changes.map((change) => observance(change.at, change.before, change.after)),
    ],
  };
}

/** The wall time of a moment in a zone. */
export function wallTimeIn(moment: Date, timeZone: string): WallTime {
  const { year, month, day, hour, minute } = zonedParts(moment, timeZone);
  return { year, month, day, hour, minute };
}
