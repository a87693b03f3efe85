// The release schedule: yesterday/today/tomorrow, and the whole week.
import { z } from "zod/v4";
import type { ScheduleEntry, ScheduleNow } from "~/domain/schedule";
import { createReferenceCache } from "../reference-cache.server";
import type { ApiContext } from "./context";
import { cachedReference } from "./references";
import { EpisodeSchema, ReleaseSchema, toEpisode, toRelease } from "./release-schema";
import { flag, listSchema, optionalNumber } from "./schemas";

export const ScheduleEntrySchema = z
  .object({
    release: ReleaseSchema,
    full_season_is_released: flag,
    published_release_episode: EpisodeSchema.nullish(),
    next_release_episode_number: optionalNumber,
  })
  .passthrough();

const DaySchema = z
  .array(ScheduleEntrySchema)
  .nullish()
  .transform((entries) => entries ?? []);

export const ScheduleNowSchema = z.object({ yesterday: DaySchema, today: DaySchema, tomorrow: DaySchema }).passthrough();

/** A bare array on the live server, `{data}` in the document. */
export const ScheduleWeekSchema = listSchema(ScheduleEntrySchema);

function toScheduleEntry(raw: z.output<typeof ScheduleEntrySchema>, mediaOrigin: string): ScheduleEntry {
  return {
    release: toRelease(raw.release, mediaOrigin),
    fullSeasonIsReleased: raw.full_season_is_released,
    publishedReleaseEpisode: raw.published_release_episode ? toEpisode(raw.published_release_episode, mediaOrigin) : null,
    nextReleaseEpisodeNumber: raw.next_release_episode_number,
  };
}

/**
 * The schedule is the same for everyone and changes when an episode comes out: one load per process and minute,
 * not one per release page and home page (decision 0215). A minute is within what the page cache already shows.
 */
export const SCHEDULE_TTL_MS = 60_000;
const scheduleCache = createReferenceCache(SCHEDULE_TTL_MS, Date.now, 16);

export function getScheduleNow(context: ApiContext): Promise<ScheduleNow> {
  return cachedReference(
    context,
    "/anime/schedule/now",
    ScheduleNowSchema,
    (schedule, mediaOrigin) => {
      const day = (entries: typeof schedule.today) => entries.map((entry) => toScheduleEntry(entry, mediaOrigin));
      return { yesterday: day(schedule.yesterday), today: day(schedule.today), tomorrow: day(schedule.tomorrow) };
    },
    scheduleCache,
  );
}

export function getScheduleWeek(context: ApiContext): Promise<ScheduleEntry[]> {
  return cachedReference(
    context,
    "/anime/schedule/week",
    ScheduleWeekSchema,
    (week, mediaOrigin) => week.map((entry) => toScheduleEntry(entry, mediaOrigin)),
    scheduleCache,
  );
}

/** For tests: forget the cached schedule. */
export function clearScheduleCache(): void {
  scheduleCache.clear();
}
