// The release schedule: yesterday/today/tomorrow, and the whole week.
import { z } from "zod";
import type { ScheduleEntry, ScheduleNow } from "~/domain/schedule";
import type { ApiContext } from "./context";
import { EpisodeSchema, ReleaseSchema, toEpisode, toRelease } from "./release-schema";
import { requestJson } from "./request";
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

export async function getScheduleNow(context: ApiContext): Promise<ScheduleNow> {
  const schedule = await requestJson(context, { path: "/anime/schedule/now" }, ScheduleNowSchema);
  const day = (entries: typeof schedule.today) => entries.map((entry) => toScheduleEntry(entry, context.mediaOrigin));
  return { yesterday: day(schedule.yesterday), today: day(schedule.today), tomorrow: day(schedule.tomorrow) };
}

export async function getScheduleWeek(context: ApiContext): Promise<ScheduleEntry[]> {
  const week = await requestJson(context, { path: "/anime/schedule/week" }, ScheduleWeekSchema);
  return week.map((entry) => toScheduleEntry(entry, context.mediaOrigin));
}
