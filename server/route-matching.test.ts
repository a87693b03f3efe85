import { createRequire } from "node:module";
import { matchRoutes as routerMatchRoutes } from "@remix-run/router";
import { afterEach, describe, expect, it } from "vitest";
import { rememberingMatchRoutes, rememberRouteMatches, type MatchRoutes } from "./route-matching";

type Route = Parameters<MatchRoutes>[0][number];

const matchRoutes = routerMatchRoutes as unknown as MatchRoutes;

/** A tree shaped like the app's: pathless layouts, index routes, params, optional segments, a splat, a case-sensitive path. */
function routeTree(): Route[] {
  return [
    {
      id: "root",
      path: "",
      children: [
        {
          id: "app",
          children: [
            { id: "home", index: true },
            { id: "catalog", path: "anime/catalog" },
            {
              id: "release",
              path: "anime/releases/release/:alias",
              children: [
                { id: "release-episodes", index: true },
                { id: "release-torrents", path: "torrents" },
              ],
            },
            { id: "genre", path: "anime/genres/:genreId?" },
            { id: "exact", path: "Exact/Case", caseSensitive: true },
          ],
        },
        { id: "clean", children: [{ id: "login", path: "app/auth/login" }] },
        { id: "splat", path: "*" },
      ],
    },
  ];
}

const PATHS = [
  "/",
  "/anime/catalog/",
  "/anime/catalog",
  "/anime",
  "/anime/releases/release/some-alias/",
  "/anime/releases/release/%D0%B0%D0%B1/torrents",
  "/anime/releases/release",
  "/anime/genres",
  "/anime/genres/12",
  "/Exact/Case",
  "/exact/case",
  "/app/auth/login?redirectTo=/x#top",
  "/no/such/page",
];

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
