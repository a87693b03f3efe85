import type { GetManualChunk } from "rollup";

/**
 * The client build's shared chunks (docs/decisions/0218-shell-and-layout-chunks.md). Left to itself, Rollup
 * splits the code every page runs (entry, root, their imports) into some 25 chunks of under 1 KB each; gzipped
 * one by one they cost about 5 KB more than gzipped together. So:
 * - `shell`: every module the entry and the root route import statically. Every page loads all of them anyway.
 *   Also every module of ours that at least a third of the pages import statically (decision 0296): apart, it is a
 *   file of its own in each of those pages' downloads; in the shell, its bytes in the others'. Not what a standalone
 *   chunk imports (the player's early start): it runs before the shell.
 * - one chunk per layout route (`layout-_app`…): the modules its layout imports statically that no route outside
 *   the layout, no lazy chunk and no standalone chunk imports, so only pages under that layout load it.
 * Packages (node_modules) keep Rollup's own chunking.
 */
export type ModuleGraph = {
  ids: readonly string[];
  staticImports: (id: string) => readonly string[];
  dynamicImports: (id: string) => readonly string[];
};

export type ChunkGroups = {
  /** Modules whose static imports every page runs: the client entry and the root route. */
  shellEntries: readonly string[];
  /** Layout route module → the predicate telling its own child routes' modules. */
  layouts: readonly { name: string; entry: string; ownsRoute: (id: string) => boolean }[];
  /** Every route module of the build (the entries Remix gives Rollup). */
  routeEntries: readonly string[];
  /** The route modules that draw a page (a default export); resource routes have no client code. */
  pageEntries: readonly string[];
  /** Chunks imported by their address before the shell runs (the player's early start, decision 0235). */
  standaloneEntries: readonly string[];
};

/** A module of ours that at least this share of the pages import statically goes in the shell. */
export const COMMON_MODULE_SHARE = 1 / 3;

const isPackage = (id: string) => id.includes("/node_modules/");

function staticClosure(graph: ModuleGraph, starts: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const pending = [...starts];
  while (pending.length > 0) {
    const id = pending.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    pending.push(...graph.staticImports(id));
  }
  return seen;
}

/** Module id → name of the chunk it goes to; modules not listed are left to Rollup. */
export function planSharedChunks(graph: ModuleGraph, groups: ChunkGroups): Map<string, string> {
  const plan = new Map<string, string>();
  const shell = staticClosure(graph, groups.shellEntries);
  for (const id of shell) if (!isPackage(id)) plan.set(id, "shell");
  const routeModules = new Set([...groups.routeEntries, ...groups.routeEntries.flatMap((entry) => graph.staticImports(entry))]);
  // A standalone chunk runs before the shell: what it imports stays out of it, or it would run the whole shell early.
  const beforeShell = staticClosure(graph, groups.standaloneEntries);
  const pagesImporting = new Map<string, number>();
  for (const page of groups.pageEntries) {
    for (const id of staticClosure(graph, [page])) pagesImporting.set(id, (pagesImporting.get(id) ?? 0) + 1);
  }
  // What a common module imports, every page importing it imports too: it is at least as common, and comes along.
  for (const [id, pages] of pagesImporting) {
    if (isPackage(id) || routeModules.has(id) || beforeShell.has(id)) continue;
    if (pages >= groups.pageEntries.length * COMMON_MODULE_SHARE) plan.set(id, "shell");
  }

  const lazyTargets = graph.ids.flatMap((id) => graph.dynamicImports(id));
  for (const layout of groups.layouts) {
    const outside = staticClosure(graph, [
      ...lazyTargets,
      ...groups.standaloneEntries,
      ...groups.routeEntries.filter((id) => id !== layout.entry && !layout.ownsRoute(id) && !groups.shellEntries.includes(id)),
    ]);
    for (const id of staticClosure(graph, [layout.entry])) {
      // The layout's entry itself stays the route's own chunk (Remix loads it by that name).
      if (id === layout.entry || plan.get(id) === "shell" || outside.has(id) || isPackage(id)) continue;
      plan.set(id, `layout-${layout.name}`);
    }
  }
  return plan;
}

const CLIENT_ROUTE_SUFFIX = "?__remix-build-client-route";

/** Rollup's manualChunks for the client build: plans once per build, from the module graph Rollup hands it. */
export function sharedClientChunks(appDirectory: string, layoutNames: readonly string[]): GetManualChunk {
  let plan: Map<string, string> | null = null;
  return (id, { getModuleIds, getModuleInfo }) => {
    if (!plan) {
      const ids = [...getModuleIds()];
      const entryClient = `${appDirectory}/entry.client.tsx`;
      const routeEntries = ids.filter((moduleId) => moduleId.endsWith(CLIENT_ROUTE_SUFFIX));
      const rootEntry = `${appDirectory}/root.tsx${CLIENT_ROUTE_SUFFIX}`;
      // The server build has no client entry: nothing to plan.
      if (!ids.includes(entryClient) || !ids.includes(rootEntry)) {
        plan = new Map();
      } else {
        const graph: ModuleGraph = {
          ids,
          staticImports: (moduleId) => getModuleInfo(moduleId)?.importedIds ?? [],
          dynamicImports: (moduleId) => getModuleInfo(moduleId)?.dynamicallyImportedIds ?? [],
        };
        const layouts = layoutNames.map((name) => ({
          name,
          entry: `${appDirectory}/routes/${name}.tsx${CLIENT_ROUTE_SUFFIX}`,
          ownsRoute: (moduleId: string) => moduleId.startsWith(`${appDirectory}/routes/${name}.`),
        }));
        plan = planSharedChunks(graph, {
          shellEntries: [entryClient, rootEntry],
          routeEntries,
          pageEntries: routeEntries.filter(
            (moduleId) => moduleId !== rootEntry && !layouts.some((layout) => layout.entry === moduleId) && getModuleInfo(moduleId)?.exports?.includes("default"),
          ),
          standaloneEntries: ids.filter(
            (moduleId) => moduleId !== entryClient && !moduleId.endsWith(CLIENT_ROUTE_SUFFIX) && getModuleInfo(moduleId)?.isEntry,
          ),
          layouts,
        });
      }
    }
    return plan.get(id);
  };
}
