// What the release page's tabs read of the viewer's progress. Kept apart from the progress hooks and the resume
// rule so that those stay in the release route's own chunk and the episodes tab does not pull them into a chunk of
// their own (docs/decisions/0005-javascript-budget.md).
import { useOutletContext } from "@remix-run/react";
import type { EpisodeProgress } from "~/features/progress/watch-place";

export type { EpisodeProgress };
export type EpisodeState = "watched" | "in-progress";
export type ReleaseProgress = ReadonlyMap<string, EpisodeProgress>;

/** What the release page hands its tabs through the outlet. */
export type ReleaseOutletContext = { progress: ReleaseProgress };

export function useReleaseOutletProgress(): ReleaseProgress {
  return useOutletContext<ReleaseOutletContext | undefined>()?.progress ?? new Map();
}

/** Watched is the player's own mark (its watched rule); any saved position short of it is in progress. */
export function episodeState(progress: EpisodeProgress | undefined): EpisodeState | null {
  if (!progress) return null;
  if (progress.isWatched) return "watched";
  return progress.time > 0 ? "in-progress" : null;
}

/** Percent watched (0–100), or null when there is nothing to show. */
export function progressPercent(progress: EpisodeProgress | undefined, duration: number | null): number | null {
  if (!progress) return null;
  if (progress.isWatched) return 100;
  if (!duration || duration <= 0 || progress.time <= 0) return null;
  return Math.min(100, Math.max(1, Math.round((progress.time / duration) * 100)));
}
