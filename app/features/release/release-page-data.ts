// What the release page's loader gives its tabs (they read it instead of asking the upstream again).
import type { BellState } from "~/domain/episode-bell";
import { useRouteLoaderData } from "@remix-run/react";
import type { CollectionType, TimecodeEntry } from "~/domain/account";
import type { Release } from "~/domain/release";
import { RELEASE_ROUTE_ID } from "~/domain/route-ids";
import type { EpisodeRef } from "./episode-pages";
import type { ResumeTarget } from "./resume-target";
import type { SideReleaseData, SideScheduleEntry } from "./side-releases";

export type ListState = { isFavorite: boolean; collection: CollectionType | null };

/** The release without its episodes: the tabs and the heading get those in the amounts they show. */
export type ReleaseSummary = Omit<Release, "episodes">;

export type ReleasePageData = {
  release: ReleaseSummary;
  /** Episodes published so far. */
  episodeCount: number;
  /** Every episode in watching order, as little as "Смотреть" needs; null for a list longer than a page. */
  episodeOrder: EpisodeRef[] | null;
  /** Where "Смотреть" leads by the account's progress (the first episode for visitors). */
  serverResume: ResumeTarget<EpisodeRef> | null;
  recommended: SideReleaseData[];
  latestInSchedule: SideScheduleEntry[];
  /** Null for visitors. */
  lists: ListState | null;
  /** The title's bell for this account or browser (decision 0284). */
  bell: BellState;
  /** The account's timecodes of this release's episodes; null for visitors or when unavailable. */
  timecodes: TimecodeEntry[] | null;
  ageConfirmationNeeded: boolean;
  /** The schema.org description, serialized on the server so the builder stays out of the browser bundle. */
  jsonLd: string;
};

/** The parent page's data inside a tab; the tab only renders under the page, so it is always there. */
export function useReleasePageData(): ReleasePageData {
  const data = useRouteLoaderData(RELEASE_ROUTE_ID) as ReleasePageData | undefined;
  if (!data) throw new Error("A release tab rendered outside the release page");
  return data;
}
