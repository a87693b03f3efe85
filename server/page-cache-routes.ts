// Which query parameters the page at a path reads, for the page cache's key (decision 0247): the path is matched
// against the build's routes as Remix matches it, and the parameters are those the app declares for each route of
// the branch (`pageCacheQueryParameters`, one of the app's server hooks). A branch with an undeclared route reads
// parameters or cookies nobody listed: null, so its pages are not cached.
import type { QueryParametersOf } from "./page-cache";
import { matchRoutesAsRemixCallsIt, type MatchRoutes } from "../app/framework/.server/route-matching";

type ManifestRoute = { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean };
type TreeRoute = Omit<ManifestRoute, "parentId"> & { children?: TreeRoute[] };
export type DeclaredParameters = Readonly<Record<string, readonly string[] | "any">>;

function routeTree(manifest: Readonly<Record<string, ManifestRoute>>, parentId?: string): TreeRoute[] {
  return Object.values(manifest)
    .filter((route) => route.parentId === parentId)
    .map(({ id, path, index, caseSensitive }) => {
      const children = routeTree(manifest, id);
      return { id, path, index, caseSensitive, ...(children.length > 0 ? { children } : {}) };
    });
}

/** The page a data request (`/path.data`, `/_root.data` for the home page) loads for. */
function pagePathOf(path: string): string {
  if (!path.endsWith(".data")) return path;
  const page = path.slice(0, -".data".length);
  return page === "/_root" ? "/" : page;
}

export function queryParametersOfRoutes(
  manifest: Readonly<Record<string, ManifestRoute>>,
  declared: DeclaredParameters,
  matchRoutes: () => MatchRoutes = matchRoutesAsRemixCallsIt,
): QueryParametersOf {
  const tree = routeTree(manifest);
  // One answer per branch: as many as the route table has leaves.
  const byBranch = new Map<string, ReadonlySet<string> | "any" | null>();
  return (path) => {
    const ids = matchRoutes()(tree, pagePathOf(path))?.map((match) => match.route.id ?? "");
    if (!ids) return null;
    const branch = ids.join("\u0000");
    let parameters = byBranch.get(branch);
    if (parameters === undefined) {
      const lists = ids.map((id) => declared[id]);
      if (lists.some((list) => list === undefined)) parameters = null;
      else if (lists.includes("any")) parameters = "any";
      else parameters = new Set((lists as (readonly string[])[]).flat());
      byBranch.set(branch, parameters);
    }
    return parameters;
  };
}
