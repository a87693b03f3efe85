import { createRequire } from "node:module";
import { matchRoutes as routerMatchRoutes } from "@remix-run/router";
import { afterEach, describe, expect, it } from "vitest";
import {
  rememberingConvertRoutesToDataRoutes,
  rememberingCreateServerRoutes,
  rememberingMatchRoutes,
  rememberRouteMatches,
  rememberServerRouteTrees,
  type ConvertRoutesToDataRoutes,
  type CreateServerRoutes,
  type MatchRoutes,
} from "./route-matching";
import { ROUTE_TABLE_PATHS as PATHS, routeTree } from "./route-matching.fixture";

type Route = Parameters<MatchRoutes>[0][number];

const matchRoutes = routerMatchRoutes as unknown as MatchRoutes;

const routerModule = createRequire(import.meta.url)("@remix-run/router") as { matchRoutes: MatchRoutes };
let restore: MatchRoutes | null = null;
afterEach(() => {
  if (restore) routerModule.matchRoutes = restore;
  restore = null;
});

describe("remembered route matches", () => {
  it("are React Router's own answers, with the caller's route objects, for every tree built anew", () => {
    const remembering = rememberingMatchRoutes(matchRoutes);
    for (let render = 0; render < 3; render += 1) {
      const tree = routeTree();
      for (const path of PATHS) {
        for (const location of [path, { pathname: path.split(/[?#]/)[0] }]) {
          const expected = matchRoutes(tree, location);
          const actual = remembering(tree, location);
          expect(actual).toEqual(expected);
          actual?.forEach((match, index) => expect(match.route).toBe(expected![index]!.route));
        }
      }
      expect(remembering(tree, "/anime/catalog/", "/anime")).toEqual(matchRoutes(tree, "/anime/catalog/", "/anime"));
    }
  });

  it("tell a tree of another shape from the one they remember", () => {
    const remembering = rememberingMatchRoutes(matchRoutes);
    const tree = routeTree();
    expect(remembering(tree, "/anime/catalog")?.at(-1)?.route.id).toBe("catalog");
    const moved = routeTree();
    moved[0]!.children![0]!.children![1]!.path = "anime/list";
    expect(remembering(moved, "/anime/catalog")?.at(-1)?.route.id).toBe("splat");
    expect(remembering(moved, "/anime/list")?.at(-1)?.route.id).toBe("catalog");
  });

  it("remember made-up paths only up to their bytes, pushing out the least recently used", () => {
    let computed = 0;
    const counting: MatchRoutes = (routes, location, basename) => {
      computed += 1;
      return matchRoutes(routes, location, basename);
    };
    const remembering = rememberingMatchRoutes(counting);
    const tree = routeTree();
    // 2 KB paths each remembered with the splat's params: far fewer than the 1,000 paths fit in the bytes.
    const paths = Array.from({ length: 300 }, (_, index) => `/no/such/${index}-${"x".repeat(2000)}`);
    for (const path of paths) remembering(tree, path);
    expect(computed).toBe(300);
    remembering(tree, paths[0]!);
    expect(computed).toBe(301);
    remembering(tree, paths[299]!);
    expect(computed).toBe(301);
  });

  it("give each caller params of its own", () => {
    const remembering = rememberingMatchRoutes(matchRoutes);
    const first = remembering(routeTree(), "/anime/genres/12")!;
    first.at(-1)!.params.genreId = "changed";
    expect(remembering(routeTree(), "/anime/genres/12")!.at(-1)!.params.genreId).toBe("12");
  });

  it("are what Remix's server runtime and <Scripts> find in React Router's module", () => {
    restore = rememberRouteMatches();
    expect(routerModule.matchRoutes).not.toBe(restore);
    const tree = routeTree();
    expect(routerModule.matchRoutes(tree, "/anime/catalog/")).toEqual(restore(tree, "/anime/catalog/"));
  });
});

const require = createRequire(import.meta.url);
const remixRoutesModule = require("@remix-run/react/dist/routes.js") as { createServerRoutes: CreateServerRoutes };
const convertingRouterModule = require("@remix-run/router") as { UNSAFE_convertRoutesToDataRoutes: ConvertRoutesToDataRoutes };
const { UNSAFE_mapRouteProperties: mapRouteProperties } = require("react-router") as {
  UNSAFE_mapRouteProperties: (route: Route) => object;
};
const createServerRoutes = remixRoutesModule.createServerRoutes;
const convertRoutesToDataRoutes = convertingRouterModule.UNSAFE_convertRoutesToDataRoutes;

/** A build's route manifest and modules in the shape Remix's server runtime hands `<RemixServer>`. */
function buildRoutes() {
  const manifestRoutes = {
    root: { id: "root", path: "", hasLoader: true, hasAction: false, hasClientLoader: false, hasErrorBoundary: true },
    "routes/_app": {
      id: "routes/_app",
      parentId: "root",
      hasLoader: false,
      hasAction: false,
      hasClientLoader: false,
      hasErrorBoundary: false,
    },
    "routes/_app._index": {
      id: "routes/_app._index",
      parentId: "routes/_app",
      index: true,
      hasLoader: true,
      hasAction: false,
      hasClientLoader: false,
    },
    "routes/_app.anime.catalog": {
      id: "routes/_app.anime.catalog",
      parentId: "routes/_app",
      path: "anime/catalog",
      hasLoader: true,
      hasAction: false,
      hasClientLoader: false,
    },
  };
  const modules = Object.fromEntries(
    Object.keys(manifestRoutes).map((id) => [
      id,
      {
        default: function Page() {
          return null;
        },
        handle: { id },
        ErrorBoundary: id === "root" ? () => null : undefined,
      },
    ]),
  );
  return { manifestRoutes, modules };
}

/** A route tree's shape with functions named, not compared by identity. */
function shapeOf(tree: unknown): unknown {
  return JSON.parse(JSON.stringify(tree, (_key, value: unknown) => (typeof value === "function" ? "function" : value)));
}

describe("remembered server route trees", () => {
  afterEach(() => {
    remixRoutesModule.createServerRoutes = createServerRoutes;
    convertingRouterModule.UNSAFE_convertRoutesToDataRoutes = convertRoutesToDataRoutes;
  });

  it("are Remix's own tree, built once for a build whose requests each bring a new table of the same modules", () => {
    const { manifestRoutes, modules } = buildRoutes();
    const remembering = rememberingCreateServerRoutes(createServerRoutes);
    const first = remembering(manifestRoutes, { ...modules }, {}, false);
    expect(shapeOf(first)).toEqual(shapeOf(createServerRoutes(manifestRoutes, modules, {}, false)));
    expect(remembering(manifestRoutes, { ...modules }, {}, false)).toBe(first);
  });

  it("are built again when a route module changes (a reloaded module in development) or in SPA mode", () => {
    const { manifestRoutes, modules } = buildRoutes();
    const remembering = rememberingCreateServerRoutes(createServerRoutes);
    const first = remembering(manifestRoutes, modules, {}, false);
    const changed = { ...modules, "routes/_app.anime.catalog": { default: () => null, handle: { changed: true } } };
    const rebuilt = remembering(manifestRoutes, changed, {}, false);
    expect(rebuilt).not.toBe(first);
    expect(JSON.stringify(rebuilt)).toContain('"changed":true');
    expect(remembering(manifestRoutes, changed, {}, true)).not.toBe(rebuilt);
  });

  it("convert to React Router's own data routes once per tree, filling each caller's manifest", () => {
    const { manifestRoutes, modules } = buildRoutes();
    const tree = createServerRoutes(manifestRoutes, modules, {}, false);
    const remembering = rememberingConvertRoutesToDataRoutes(convertRoutesToDataRoutes);
    const expectedManifest: Record<string, Route> = {};
    const expected = convertRoutesToDataRoutes(tree, mapRouteProperties, undefined, expectedManifest);
    const firstManifest: Record<string, Route> = {};
    const first = remembering(tree, mapRouteProperties, undefined, firstManifest);
    expect(shapeOf(first)).toEqual(shapeOf(expected));
    expect(Object.keys(firstManifest).sort()).toEqual(Object.keys(expectedManifest).sort());
    const secondManifest: Record<string, Route> = {};
    expect(remembering(tree, mapRouteProperties, undefined, secondManifest)).toBe(first);
    expect(secondManifest).toEqual(firstManifest);
    expect(secondManifest["routes/_app.anime.catalog"]).toBe(first[0]!.children![0]!.children![1]);
  });

  it("are what <RemixServer> and the static router find in their modules", () => {
    const originals = rememberServerRouteTrees();
    expect(originals.createServerRoutes).toBe(createServerRoutes);
    const { manifestRoutes, modules } = buildRoutes();
    const tree = remixRoutesModule.createServerRoutes(manifestRoutes, { ...modules }, {}, false);
    expect(remixRoutesModule.createServerRoutes(manifestRoutes, { ...modules }, {}, false)).toBe(tree);
    const converted = convertingRouterModule.UNSAFE_convertRoutesToDataRoutes(tree, mapRouteProperties, undefined, {});
    expect(convertingRouterModule.UNSAFE_convertRoutesToDataRoutes(tree, mapRouteProperties, undefined, {})).toBe(converted);
  });
});
