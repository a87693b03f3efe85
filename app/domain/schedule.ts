import type { Episode, Release } from "./release";

export type ScheduleEntry = {
  release: Release;
  fullSeasonIsReleased: boolean;
  publishedReleaseEpisode: Episode | null;
  nextReleaseEpisodeNumber: number | null;
};

export type ScheduleNow = { yesterday: ScheduleEntry[]; today: ScheduleEntry[]; tomorrow: ScheduleEntry[] };

/** Groups a week by publish day (1 = Monday … 7 = Sunday); entries without a day go under 0. */
export function groupByPublishDay(entries: ScheduleEntry[]): Map<number, ScheduleEntry[]> {
  const days = new Map<number, ScheduleEntry[]>();
  for (const entry of entries) {
    const day = entry.release.publishDay.value ?? 0;
    days.set(day, [...(days.get(day) ?? []), entry]);
  }
  return days;
}
