// Parses the schedule's query with zod: anything unknown or malformed falls back to its default.
import { z } from "zod";
import { DEFAULT_SCHEDULE_QUERY, SCHEDULE_ONLY, SCHEDULE_VIEWS, type ScheduleQuery } from "./schedule-query";

export const MAX_SCHEDULE_SEARCH_LENGTH = 100;

export const ScheduleQuerySchema = z.object({
  day: z.coerce.number().int().min(1).max(7).nullable().catch(DEFAULT_SCHEDULE_QUERY.day),
  view: z.enum(SCHEDULE_VIEWS).catch(DEFAULT_SCHEDULE_QUERY.view),
  q: z
    .string()
    .transform((value) => value.replace(/\s+/g, " ").trim().slice(0, MAX_SCHEDULE_SEARCH_LENGTH))
    .catch(DEFAULT_SCHEDULE_QUERY.q),
  only: z.enum(SCHEDULE_ONLY).nullable().catch(DEFAULT_SCHEDULE_QUERY.only),
});

export function parseScheduleQuery(searchParams: URLSearchParams): ScheduleQuery {
  return ScheduleQuerySchema.parse({
    day: searchParams.get("day") || null,
    view: searchParams.get("view") ?? undefined,
    q: searchParams.get("q") ?? "",
    only: searchParams.get("only") || null,
  });
}
