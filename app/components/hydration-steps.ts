import { matchRoutes } from "@remix-run/react";

type ManifestRoute = { id: string; parentId?: string; path?: string; index?: boolean };
type RouteShape = { id: string; path?: string; index?: boolean; children: RouteShape[] };

/** The route table as Remix builds it for the browser: its ids, paths and nesting, children in the manifest's order. */
export function routeTableOf(manifestRoutes: Record<string, ManifestRoute>): RouteShape[] {
  const childrenByParent = new Map<string, ManifestRoute[]>();
  for (const route of Object.values(manifestRoutes)) {
    const parentId = route.parentId || "";
    childrenByParent.set(parentId, [...(childrenByParent.get(parentId) ?? []), route]);
  }
  const tableUnder = (parentId: string): RouteShape[] =>
    (childrenByParent.get(parentId) ?? []).map(({ id, path, index }) => ({ id, path, index, children: tableUnder(id) }));
  return tableUnder("");
}

function nextTask(): Promise<void> {
  // Not a timer: a page opened in a background tab runs its timers at most once a second.
  const channel = new MessageChannel();
  return new Promise((resolve) => {
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * Hydrates in tasks of their own what would otherwise be one long task: the modules' evaluation; matching the address
 * against the route table, which React Router's browser copy then remembers by the table's shape (docs/decisions/0239);
 * then hydration itself, whose first render builds the router and matches the address again, now from memory.
 */
export async function hydrateInSteps(hydrate: () => void): Promise<void> {
  await nextTask();
  matchRoutes(
    routeTableOf(window.__remixManifest.routes) as Parameters<typeof matchRoutes>[0],
    window.location,
    window.__remixContext.basename,
  );
  await nextTask();
  hydrate();
}
