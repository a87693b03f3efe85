// React Router 6's `matchRoutes` flattens, ranks and compiles the whole route table on every call, and a page
// request calls it four to six times (the request handler once, the document's partial manifest once per
// parent path, each with a route tree built for that render). Its answer depends only on the tree's shape and
// the path, so it is remembered per shape and path, and given back with the caller's own route objects
// (decision 0186).
import { createRequire } from "node:module";
import { createBoundedCache, stringBytes, type BoundedCache } from "../../.server/bounded-cache";

type Route = { id?: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: Route[] };
type Match = { params: Record<string, string | undefined>; pathname: string; pathnameBase: string; route: Route };
type Location = string | { pathname?: string };
export type MatchRoutes = (routes: Route[], location: Location, basename?: string) => Match[] | null;

type RememberedMatch = Omit<Match, "route"> & { routeId: string };
type TreeIndex = { shape: string; routesById: Map<string, Route> };

/** The tree's shape (what matching reads) and its routes by id; null when a route has no id to find it by. */
function indexTree(routes: Route[]): TreeIndex | null {
  const routesById = new Map<string, Route>();
  let shape = "";
  const visit = (list: Route[]): boolean => {
    for (const route of list) {
      if (route.id === undefined || routesById.has(route.id)) return false;
      routesById.set(route.id, route);
      shape += `${route.id}\u0000${route.path ?? "\u0001"}\u0000${route.index ? 1 : 0}${route.caseSensitive ? 1 : 0}`;
      if (route.children?.length) {
        shape += "[";
        if (!visit(route.children)) return false;
        shape += "]";
      }
      shape += ",";
    }
    return true;
  };
  return visit(routes) ? { shape, routesById } : null;
}

/** What one remembered answer holds: its strings (paths come from clients, up to the 2 KB the server lets in). */
function rememberedBytes(matches: RememberedMatch[] | null): number {
  let bytes = 0;
  for (const match of matches ?? []) {
    bytes += stringBytes(match.pathname) + stringBytes(match.pathnameBase) + stringBytes(match.routeId) + 64;
    for (const [name, value] of Object.entries(match.params)) bytes += stringBytes(name) + stringBytes(value ?? "") + 32;
  }
  return bytes;
}

/** Paths remembered per tree: the site's own addresses take a few hundred kilobytes, made-up ones push them out. */
export const REMEMBERED_PATH_BYTES_PER_TREE = 2 * 1024 * 1024;

export function rememberingMatchRoutes(matchRoutes: MatchRoutes, maxPathsPerTree = 1000): MatchRoutes {
  const answersByShape = new Map<string, BoundedCache<RememberedMatch[] | null>>();
  // One render matches its tree once per parent path: the tree is read once. Route trees are built whole and never
  // changed on the server (only the browser patches routes in as it discovers them).
  const indexedTrees = new WeakMap<Route[], TreeIndex | null>();
  return (routes, location, basename = "/") => {
    let tree = indexedTrees.get(routes);
    if (tree === undefined) {
      tree = indexTree(routes);
      indexedTrees.set(routes, tree);
    }
    if (!tree) return matchRoutes(routes, location, basename);
    let answers = answersByShape.get(tree.shape);
    if (!answers) {
      if (answersByShape.size >= 10) answersByShape.clear();
      // Never stale for a build: pushed out only by newer paths, least recently used first.
      answers = createBoundedCache({ maxEntries: maxPathsPerTree, maxBytes: REMEMBERED_PATH_BYTES_PER_TREE, valueBytes: rememberedBytes });
      answersByShape.set(tree.shape, answers);
    }
    const key = `${basename}\u0000${typeof location === "string" ? location : location.pathname || "/"}`;
    let remembered = answers.get(key);
    if (remembered === undefined) {
      const matches = matchRoutes(routes, location, basename);
      remembered = matches && matches.map(({ route, ...match }) => ({ ...match, params: { ...match.params }, routeId: route.id! }));
      answers.set(key, remembered);
    }
    return (
      remembered &&
      remembered.map(({ routeId, params, pathname, pathnameBase }) => ({
        params: { ...params },
        pathname,
        pathnameBase,
        route: tree.routesById.get(routeId)!,
      }))
    );
  };
}

/** React Router's `matchRoutes` as Remix's server runtime calls it: the remembering one once it is in place. */
export function matchRoutesAsRemixCallsIt(): MatchRoutes {
  return (createRequire(import.meta.url)("@remix-run/router") as { matchRoutes: MatchRoutes }).matchRoutes;
}

/**
 * Puts the remembering `matchRoutes` in React Router's CommonJS module, where Remix's server runtime and
 * `<Scripts>` look it up on every call. Returns the original, for tests.
 */
export function rememberRouteMatches(): MatchRoutes {
  const router = createRequire(import.meta.url)("@remix-run/router") as { matchRoutes: MatchRoutes };
  const original = router.matchRoutes;
  router.matchRoutes = rememberingMatchRoutes(original);
  return original;
}
