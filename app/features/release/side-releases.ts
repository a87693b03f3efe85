// What the release page's side blocks show of a release: the loader sends this instead of whole releases, whose
// descriptions, genres and schedule episodes made 25 of a long release page's 30 KB of page data.
import type { Release } from "~/domain/release";
import type { ReleaseCardData } from "~/domain/release-card";
import type { ScheduleEntry } from "~/domain/schedule";

export type SideReleaseData = Pick<ReleaseCardData, "id" | "alias" | "name" | "poster" | "type" | "year" | "season">;

/** A release in "latest in the schedule", with the number of the episode that came out. */
export type SideScheduleEntry = { release: SideReleaseData; publishedOrdinal: number | null };

export function toSideRelease(release: Release): SideReleaseData {
  return {
    id: release.id,
    alias: release.alias,
    name: { main: release.name.main, english: release.name.english },
    poster: release.poster,
    type: release.type,
    year: release.year,
    season: release.season,
  };
}

export function toSideScheduleEntry(entry: ScheduleEntry): SideScheduleEntry {
  return { release: toSideRelease(entry.release), publishedOrdinal: entry.publishedReleaseEpisode?.ordinal ?? null };
}
