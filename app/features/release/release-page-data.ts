// What the release page's loader gives its tabs (they read it instead of asking the upstream again).
import { useRouteLoaderData } from "@remix-run/react";
import type { CollectionType, TimecodeEntry } from "~/domain/account";
import type { Release } from "~/domain/release";
import { RELEASE_ROUTE_ID } from "~/domain/route-ids";
import type { ScheduleEntry } from "~/domain/schedule";

export type ListState = { isFavorite: boolean; collection: CollectionType | null };

export type ReleasePageData = {
  release: Release;
  recommended: Release[];
  latestInSchedule: ScheduleEntry[];
  /** Null for visitors. */
  lists: ListState | null;
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
