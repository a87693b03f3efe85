// The root loader's data for any component, read by route id. The shape is stated here, below the features, and the
// root loader (app/features/root/root-loader.server.ts) returns exactly it: a feature reads it without importing
// the loader, which itself reads several features.
import { useRouteLoaderData } from "@remix-run/react";
import type { RootData } from "~/.server/root-data.server";
import type { Preferences } from "~/domain/preferences";
import { ROOT_ROUTE_ID } from "~/domain/route-ids";
import type { Toast } from "~/domain/toast";

export type RootLoaderData = Pick<RootData, "profile" | "location" | "accountExtras"> & {
  preferences: Preferences;
  toast: Toast | null;
  site: { name: string; origin: string; contactEmail: string; abuseEmail: string; fingerprintApiKey: string | null };
  year: number;
  /** The account menu; null for a visitor. `newEpisodes` is null when there is nothing to count. */
  user: { nickname: string; avatarUrl: string | null; newEpisodes: number | null } | null;
};

/** Undefined only when the root loader itself failed (the root error page). */
export function useRootData(): RootLoaderData | undefined {
  return useRouteLoaderData<RootLoaderData>(ROOT_ROUTE_ID) as RootLoaderData | undefined;
}
