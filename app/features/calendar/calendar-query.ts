// The calendar feed's query: which releases (ids in the address) and which time zone, validated with zod.
import { z } from "zod";
import { canonicalTimeZone, SCHEDULE_SOURCE_TIME_ZONE } from "~/features/schedule/schedule-time";
import { calendarFeedStrings as strings } from "./feed-strings";

export const MAX_CALENDAR_IDS = 200;

const IdsSchema = z
  .string()
  .max(MAX_CALENDAR_IDS * 12)
  .transform((value) => value.split(",").map((part) => part.trim()))
  .pipe(
    z
      .array(
        z
          .string()
          .regex(/^[1-9]\d{0,9}$/)
          .transform(Number),
      )
      .min(1),
  )
  .transform((ids) => [...new Set(ids)])
  .pipe(z.array(z.number()).max(MAX_CALENDAR_IDS));

export type CalendarQuery = { ids: number[] | null; timeZone: string };

export type Parsed<Value> = { ok: true; value: Value } | { ok: false; message: string };

/** `?ids=1,2,3` (at most 200 distinct releases) and `?tz=` (an IANA zone; Moscow, the schedule's own, by default). */
export function parseCalendarQuery(searchParams: URLSearchParams): Parsed<CalendarQuery> {
  const rawIds = searchParams.get("ids");
  let ids: number[] | null = null;
  if (rawIds !== null) {
    const parsed = IdsSchema.safeParse(rawIds);
    if (!parsed.success) return { ok: false, message: strings.badIds };
    ids = parsed.data;
  }
  const rawZone = searchParams.get("tz");
  const timeZone = rawZone === null || rawZone === "" ? SCHEDULE_SOURCE_TIME_ZONE : canonicalTimeZone(rawZone);
  if (!timeZone) return { ok: false, message: strings.badTimeZone };
  return { ok: true, value: { ids, timeZone } };
}
