// The side block "latest in the schedule": releases whose new episode came out yesterday or today, newest first.
import type { ScheduleEntry, ScheduleNow } from "~/domain/schedule";

export function latestScheduled(schedule: ScheduleNow, excludeReleaseId: number, limit = 6): ScheduleEntry[] {
  const published = [...schedule.today, ...schedule.yesterday].filter(
    (entry) => entry.publishedReleaseEpisode !== null && entry.release.id !== excludeReleaseId,
  );
  const time = (entry: ScheduleEntry) => Date.parse(entry.publishedReleaseEpisode?.updatedAt ?? "") || 0;
  const seen = new Set<number>();
  return published
    .sort((a, b) => time(b) - time(a))
    .filter((entry) => !seen.has(entry.release.id) && Boolean(seen.add(entry.release.id)))
    .slice(0, limit);
}
