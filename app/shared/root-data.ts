// The root loader's data for any component: typed from the loader (a type-only import), read by route id.
import { useRouteLoaderData } from "@remix-run/react";
import type { rootLoader } from "~/features/root/root-loader.server";
import { ROOT_ROUTE_ID } from "~/domain/route-ids";

export type RootLoaderData = Awaited<ReturnType<typeof rootLoader>>["data"];

/** Undefined only when the root loader itself failed (the root error page). */
export function useRootData(): RootLoaderData | undefined {
  return useRouteLoaderData<typeof rootLoader>(ROOT_ROUTE_ID) as RootLoaderData | undefined;
}
