import type { Plugin } from "vite";
import { clientModuleRewrite } from "./client-module-rewrite";

const REACT_ROUTER_ESM = /@remix-run\/router\/dist\/router\.js$/;

const FLATTEN_AND_RANK = /let branches = flattenRoutes\(routes\);\s*rankRouteBranches\(branches\);/g;
const MATCH_ROUTES = "function matchRoutesImpl(routes, locationArg, basename, allowPartial) {";
const COMPILE_PATH = "function compilePath(path, caseSensitive, end) {";

// Plain JavaScript, spliced into React Router's own module.
const REMEMBERED = `
const rememberedTables = new WeakMap();
const answersByShape = new Map();
function routeTableSnapshot(routes, snapshot) {
  for (const route of routes) {
    snapshot.push(route, route.id, route.path, route.index, route.caseSensitive, route.children, route.children ? route.children.length : 0);
    if (route.children) routeTableSnapshot(route.children, snapshot);
  }
  return snapshot;
}
function describeRouteTable(routes, table) {
  for (const route of routes) {
    table.shape += route.id + "\\u0000" + (route.path === undefined ? "\\u0001" : route.path) + "\\u0000" + (route.index ? 1 : 0) + (route.caseSensitive ? 1 : 0);
    if (route.id === undefined || table.routesById.has(route.id)) table.identified = false;
    table.routesById.set(route.id, route);
    if (route.children && route.children.length > 0) {
      table.shape += "[";
      describeRouteTable(route.children, table);
      table.shape += "]";
    }
    table.shape += ",";
  }
  return table;
}
function sameSnapshot(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
function currentRouteTable(routes) {
  const snapshot = routeTableSnapshot(routes, []);
  const remembered = rememberedTables.get(routes);
  if (remembered && sameSnapshot(remembered.snapshot, snapshot)) return remembered;
  const table = describeRouteTable(routes, { snapshot, shape: "", routesById: new Map(), identified: true, branches: null });
  rememberedTables.set(routes, table);
  return table;
}
function matchRoutesImpl(routes, locationArg, basename, allowPartial) {
  const table = currentRouteTable(routes);
  if (!table.identified) return matchRoutesAfresh(routes, locationArg, basename, allowPartial, table);
  let answers = answersByShape.get(table.shape);
  if (!answers) {
    if (answersByShape.size >= 10) answersByShape.clear();
    answers = new Map();
    answersByShape.set(table.shape, answers);
  }
  const location = typeof locationArg === "string" ? parsePath(locationArg) : locationArg;
  const key = basename + "\\u0000" + (allowPartial ? 1 : 0) + (location.pathname || "/");
  let remembered = answers.get(key);
  if (remembered === undefined) {
    const matches = matchRoutesAfresh(routes, locationArg, basename, allowPartial, table);
    remembered = matches && matches.map((match) => ({ routeId: match.route.id, params: Object.assign({}, match.params), pathname: match.pathname, pathnameBase: match.pathnameBase }));
    if (answers.size >= 200) answers.delete(answers.keys().next().value);
    answers.set(key, remembered);
  }
  return remembered && remembered.map((match) => ({ params: Object.assign({}, match.params), pathname: match.pathname, pathnameBase: match.pathnameBase, route: table.routesById.get(match.routeId) }));
}
function rankedBranches(table, routes) {
  if (!table.branches) {
    table.branches = flattenRoutes(routes);
    rankRouteBranches(table.branches);
  }
  return table.branches;
}
const compiledPaths = new Map();
function compilePath(path, caseSensitive, end) {
  const key = (caseSensitive ? "1" : "0") + (end === false ? "0" : "1") + path;
  let compiled = compiledPaths.get(key);
  if (compiled === undefined) {
    if (compiledPaths.size >= 500) compiledPaths.clear();
    compiled = compilePathAfresh(path, caseSensitive, end);
    compiledPaths.set(key, compiled);
  }
  return compiled;
}
`;

function occurrences(source: string, text: string | RegExp): number {
  return typeof text === "string" ? source.split(text).length - 1 : (source.match(text)?.length ?? 0);
}

/**
 * React Router flattens, ranks and compiles the whole route table on every `matchRoutes` call, and hydrating a page
 * calls it three times in one task, the longest of the page's hydration (docs/decisions/0238). The browser's copy
 * remembers each table's ranked branches, each path's compiled pattern, and, per table shape, the answer for each
 * path, given back with the caller's own route objects, as the server does (docs/decisions/0186). A table is read
 * again on every call and compared, route by route, with what was remembered, so a table changed in place, as React
 * Router patches in routes it discovers, is matched afresh.
 */
export function rememberRouteTableInBrowser(source: string): string {
  if (occurrences(source, FLATTEN_AND_RANK) !== 1 || occurrences(source, MATCH_ROUTES) !== 1 || occurrences(source, COMPILE_PATH) !== 1) {
    throw new Error("browser-route-matching: React Router's matchRoutes changed; review docs/decisions/0238");
  }
  // Before React Router's code, so that its caches exist before anything of the module runs.
  return (
    REMEMBERED +
    source
      .replace(MATCH_ROUTES, "function matchRoutesAfresh(routes, locationArg, basename, allowPartial, table) {")
      .replace(FLATTEN_AND_RANK, "let branches = rankedBranches(table, routes);")
      .replace(COMPILE_PATH, "function compilePathAfresh(path, caseSensitive, end) {")
  );
}

export function browserRouteMatching(): Plugin {
  return clientModuleRewrite("browser-route-matching", REACT_ROUTER_ESM, rememberRouteTableInBrowser);
}
