import { describe, expect, it } from "vitest";
import { matchRoutes } from "@remix-run/router";
import { queryParametersOfRoutes } from "./page-cache-routes";
import type { MatchRoutes } from "../app/framework/.server/route-matching";

const MANIFEST = {
  root: { id: "root", path: "" },
  "routes/_app": { id: "routes/_app", parentId: "root" },
  "routes/_app._index": { id: "routes/_app._index", parentId: "routes/_app", index: true },
  "routes/_app.anime.catalog._index": {
    id: "routes/_app.anime.catalog._index",
    parentId: "routes/_app",
    path: "anime/catalog",
    index: true,
  },
  "routes/_app.me.favorites": { id: "routes/_app.me.favorites", parentId: "routes/_app", path: "me/favorites" },
  "routes/api.v1.$": { id: "routes/api.v1.$", parentId: "root", path: "api/v1/*" },
};
const DECLARED = {
  root: [],
  "routes/_app": [],
  "routes/_app._index": [],
  "routes/_app.anime.catalog._index": ["page", "search"],
  "routes/api.v1.$": "any",
} as const;

const parametersOf = queryParametersOfRoutes(MANIFEST, DECLARED, () => matchRoutes as unknown as MatchRoutes);

describe("queryParametersOfRoutes", () => {
  it("gives the parameters of the route a path reaches, its parents' included", () => {
    expect(parametersOf("/anime/catalog")).toEqual(new Set(["page", "search"]));
    expect(parametersOf("/Anime/Catalog/")).toEqual(new Set(["page", "search"]));
    expect(parametersOf("/")).toEqual(new Set());
  });

  it("reads a data request as the page it loads for", () => {
    expect(parametersOf("/anime/catalog.data")).toEqual(new Set(["page", "search"]));
    expect(parametersOf("/_root.data")).toEqual(new Set());
  });

  it("says any for the proxy, and null for a route nobody declared or a path no route reaches", () => {
    expect(parametersOf("/api/v1/anime/catalog/releases")).toBe("any");
    expect(parametersOf("/me/favorites")).toBeNull();
    expect(parametersOf("/no/such/page")).toBeNull();
  });
});
