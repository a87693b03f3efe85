import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writtenModules } from "../tests/support/written-modules";
import type { MatchRoutes } from "../server/route-matching";
import { ROUTE_TABLE_PATHS, routeTree } from "../server/route-matching.fixture";
import { rememberRouteTableInBrowser } from "./browser-route-matching";

type Route = Parameters<MatchRoutes>[0][number];
type RouterModule = {
  matchRoutes: MatchRoutes;
  matchPath: (pattern: { path: string; caseSensitive?: boolean; end?: boolean }, pathname: string) => { params: object } | null;
};

const routerSource = readFileSync(createRequire(import.meta.url).resolve("@remix-run/router/dist/router.js"), "utf8");
const modules = writtenModules("browser-route-matching");
let original: RouterModule;
let remembering: RouterModule;

beforeAll(async () => {
  original = await modules.importSource<RouterModule>("original.mjs", routerSource);
  remembering = await modules.importSource<RouterModule>("remembering.mjs", rememberRouteTableInBrowser(routerSource));
});
afterAll(() => modules.remove());

function routeIds(matches: ReturnType<MatchRoutes>): string[] | null {
  return matches && matches.map((match) => match.route.id!);
}

describe("React Router's matching, remembered in the browser's copy", () => {
  it("gives React Router's own answers, with the caller's route objects, call after call", () => {
    const tree = routeTree();
    const paths = [...ROUTE_TABLE_PATHS, "/anime/genres/404", "/anime/releases/release/x/torrents?tab=1"];
    for (let call = 0; call < 3; call += 1) {
      for (const location of paths) {
        const expected = original.matchRoutes(tree, location);
        const answer = remembering.matchRoutes(tree, location);
        expect(answer, location).toEqual(expected);
        answer?.forEach((match, index) => expect(match.route).toBe(expected![index]!.route));
      }
    }
    expect(remembering.matchRoutes(tree, "/anime/catalog/", "/anime")).toEqual(original.matchRoutes(tree, "/anime/catalog/", "/anime"));
  });

  it("answers a second table of the same shape with that table's own route objects", () => {
    const clientRoutes = routeTree();
    const dataRoutes = routeTree();
    remembering.matchRoutes(clientRoutes, "/anime/releases/release/first/torrents");
    const answer = remembering.matchRoutes(dataRoutes, "/anime/releases/release/first/torrents")!;
    expect(answer.map((match) => match.route)).toEqual(
      original.matchRoutes(dataRoutes, "/anime/releases/release/first/torrents")!.map((m) => m.route),
    );
    expect(answer.at(-1)!.route).toBe(dataRoutes[0]!.children![0]!.children![2]!.children![1]);
  });

  it("answers a table whose leaves have empty child lists, as Remix builds it, with its own route objects", () => {
    const withEmptyChildren = (routes: Route[]): Route[] =>
      routes.map((route) => ({ ...route, children: route.index ? undefined : withEmptyChildren(route.children ?? []) }));
    remembering.matchRoutes(routeTree(), "/anime/genres/7");
    const remixLike = withEmptyChildren(routeTree());
    const expected = original.matchRoutes(remixLike, "/anime/genres/7")!;
    const answer = remembering.matchRoutes(remixLike, "/anime/genres/7")!;
    expect(answer).toEqual(expected);
    answer.forEach((match, index) => expect(match.route).toBe(expected[index]!.route));
  });

  it("hands out params a caller may change without changing the next answer", () => {
    const tree = routeTree();
    const first = remembering.matchRoutes(tree, "/anime/genres/12")!;
    first.at(-1)!.params.genreId = "changed";
    expect(remembering.matchRoutes(tree, "/anime/genres/12")!.at(-1)!.params.genreId).toBe("12");
  });

  it("matches afresh a table changed in place, as React Router patches routes it discovers", () => {
    const tree = routeTree();
    expect(routeIds(remembering.matchRoutes(tree, "/anime/torrents"))).toEqual(["root", "splat"]);
    const app = tree[0]!.children![0]!;
    app.children!.push({ id: "torrents", path: "anime/torrents" });
    expect(routeIds(remembering.matchRoutes(tree, "/anime/torrents"))).toEqual(["root", "app", "torrents"]);
    const renamed: Route = { id: "catalog", path: "anime/list" };
    app.children![1] = renamed;
    expect(remembering.matchRoutes(tree, "/anime/list")!.at(-1)!.route).toBe(renamed);
    expect(routeIds(remembering.matchRoutes(tree, "/anime/catalog/"))).toEqual(["root", "splat"]);
  });

  it("matches afresh a table whose routes changed parents, though their order is the same", () => {
    const tree = routeTree();
    expect(routeIds(remembering.matchRoutes(tree, "/no/such/page"))).toEqual(["root", "splat"]);
    const root = tree[0]!;
    const splat = root.children!.pop()!;
    root.children!.at(-1)!.children!.push(splat);
    expect(routeIds(remembering.matchRoutes(tree, "/no/such/page"))).toEqual(["root", "clean", "splat"]);
  });

  it("matches a table without route ids, which it cannot remember answers for", () => {
    const withoutIds: Route[] = [{ path: "", children: [{ index: true }, { path: "anime/:alias" }, { path: "*" }] }];
    for (const location of ["/", "/anime/x", "/anime/x/y", "/other"]) {
      const expected = original.matchRoutes(withoutIds, location);
      const answer = remembering.matchRoutes(withoutIds, location);
      expect(answer, location).toEqual(expected);
      answer?.forEach((match, index) => expect(match.route).toBe(expected![index]!.route));
    }
  });

  it("keeps a compiled pattern per path, case and end, as matchPath reads them", () => {
    const cases: [Parameters<RouterModule["matchPath"]>[0], string][] = [
      [{ path: "/anime/:alias", end: true }, "/anime/x/episodes"],
      [{ path: "/anime/:alias", end: false }, "/anime/x/episodes"],
      [{ path: "/Anime/:alias", caseSensitive: true }, "/anime/x"],
      [{ path: "/Anime/:alias", caseSensitive: false }, "/anime/x"],
      [{ path: "/files/*" }, "/files/a/b"],
    ];
    for (let call = 0; call < 2; call += 1) {
      for (const [pattern, pathname] of cases) {
        expect(remembering.matchPath(pattern, pathname), `${pattern.path} ${pathname}`).toEqual(original.matchPath(pattern, pathname));
      }
    }
  });

  it("fails the build when React Router's matching no longer has what it replaces", () => {
    expect(() => rememberRouteTableInBrowser("function matchRoutes() {}")).toThrow(/React Router's matchRoutes changed/);
  });
});
