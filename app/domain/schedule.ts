import type { Episode, Release } from "./release";

export type ScheduleEntry = {
  release: Release;
  fullSeasonIsReleased: boolean;
  publishedReleaseEpisode: Episode | null;
  nextReleaseEpisodeNumber: number | null;
};

export type ScheduleNow = { yesterday: ScheduleEntry[]; today: ScheduleEntry[]; tomorrow: ScheduleEntry[] };
