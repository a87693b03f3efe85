import { createRequire } from "node:module";
import { matchRoutes as routerMatchRoutes } from "@remix-run/router";
import { afterEach, describe, expect, it } from "vitest";
import { rememberingMatchRoutes, rememberRouteMatches, type MatchRoutes } from "./route-matching";
import { ROUTE_TABLE_PATHS as PATHS, routeTree } from "./route-matching.fixture";

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
