import { matchRoutes } from "@remix-run/react";

type ManifestRoute = { id: string; parentId?: string; path?: string; index?: boolean };
type RouteShape = { id: string; path?: string; index?: boolean; children: RouteShape[] };

/** The route table as Remix builds it for the browser: its ids, paths and nesting, children in the manifest's order. */
export function routeTableOf(manifestRoutes: Record<string, ManifestRoute>): RouteShape[] {
  const childrenByParent = new Map<string, ManifestRoute[]>();
  for (const route of Object.values(manifestRoutes)) {
    const parentId = route.parentId || "";
    const siblings = childrenByParent.get(parentId);
    if (siblings) siblings.push(route);
    else childrenByParent.set(parentId, [route]);
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
 * A page's first use of each of its storages waits on the browser process, 8–20 ms while the page is loading: React
 * Router reads sessionStorage as it builds its router, and the page's effects read localStorage as they hydrate.
 */
function openStorage(name: "sessionStorage" | "localStorage"): void {
  try {
    void window[name].length;
  } catch {
    // Storage refused (private modes, policies): its readers cope.
  }
}

/**
 * Hydrates in tasks of their own what would otherwise be one long task (docs/decisions/0239): the modules' evaluation;
 * decoding the page's loader data, where the build lets the page start it (`decodeState`, docs/decisions/0245);
 * matching the address against the route table, which React Router's browser copy then remembers by the table's
 * shape; opening the page's storages; then hydration itself, whose first render builds the router and matches the
 * address again, now from memory.
 */
export async function hydrateInSteps(hydrate: () => void, decodeState?: () => Promise<void> | undefined): Promise<void> {
  await nextTask();
  const decoded = decodeState?.();
  if (decoded) {
    await decoded;
    await nextTask();
  }
  matchRoutes(
    routeTableOf(window.__remixManifest.routes) as Parameters<typeof matchRoutes>[0],
    window.location,
    window.__remixContext.basename,
  );
  await nextTask();
  openStorage("sessionStorage");
  await nextTask();
  openStorage("localStorage");
  await nextTask();
  hydrate();
}
