import { matchRoutes } from "@remix-run/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { hydrateInSteps, routeTableOf } from "./hydration-steps";

const MANIFEST_ROUTES = {
  root: { id: "root", path: "" },
  "routes/_app": { id: "routes/_app", parentId: "root" },
  "routes/_app._index": { id: "routes/_app._index", parentId: "routes/_app", index: true },
  "routes/_app.anime.catalog": { id: "routes/_app.anime.catalog", parentId: "routes/_app", path: "anime/catalog" },
  "routes/_clean": { id: "routes/_clean", parentId: "root" },
  "routes/_clean.app.auth.login": { id: "routes/_clean.app.auth.login", parentId: "routes/_clean", path: "app/auth/login" },
  "routes/$": { id: "routes/$", parentId: "root", path: "*" },
};

afterEach(() => vi.unstubAllGlobals());

describe("routeTableOf", () => {
  it("nests the manifest's routes by parent, in the manifest's order, as Remix does for the browser", () => {
    const table = routeTableOf(MANIFEST_ROUTES);
    expect(table.map((route) => route.id)).toEqual(["root"]);
    expect(table[0]!.children.map((route) => route.id)).toEqual(["routes/_app", "routes/_clean", "routes/$"]);
    expect(table[0]!.children[0]!.children).toEqual([
      { id: "routes/_app._index", path: undefined, index: true, children: [] },
      { id: "routes/_app.anime.catalog", path: "anime/catalog", index: undefined, children: [] },
    ]);
  });

  it("matches addresses to the routes the page renders", () => {
    const table = routeTableOf(MANIFEST_ROUTES) as Parameters<typeof matchRoutes>[0];
    const ids = (path: string) => matchRoutes(table, path)?.map((match) => match.route.id);
    expect(ids("/")).toEqual(["root", "routes/_app", "routes/_app._index"]);
    expect(ids("/anime/catalog/")).toEqual(["root", "routes/_app", "routes/_app.anime.catalog"]);
    expect(ids("/app/auth/login")).toEqual(["root", "routes/_clean", "routes/_clean.app.auth.login"]);
    expect(ids("/no/such/page")).toEqual(["root", "routes/$"]);
  });
});

describe("hydrateInSteps", () => {
  it("hydrates in a later task than the modules' evaluation, after matching the address and opening the storages", async () => {
    const steps: string[] = [];
    const storage = (name: string) => ({
      get length() {
        steps.push(name);
        return 0;
      },
    });
    vi.stubGlobal("window", {
      __remixManifest: { routes: MANIFEST_ROUTES },
      __remixContext: { basename: "/" },
      location: { pathname: "/anime/catalog/" },
      sessionStorage: storage("sessionStorage"),
      localStorage: storage("localStorage"),
    });
    const hydrated = hydrateInSteps(() => steps.push("hydrate"));
    await Promise.resolve();
    expect(steps).toEqual([]);
    await hydrated;
    expect(steps).toEqual(["sessionStorage", "localStorage", "hydrate"]);
  });

  it("decodes the page's data first, where the build lets it, and hydrates once that is done", async () => {
    const steps: string[] = [];
    let decoded!: () => void;
    vi.stubGlobal("window", {
      __remixManifest: { routes: MANIFEST_ROUTES },
      __remixContext: { basename: "/" },
      location: { pathname: "/" },
      sessionStorage: { length: 0 },
      localStorage: { length: 0 },
    });
    const decodeState = () => {
      steps.push("decode");
      return new Promise<void>((resolve) => (decoded = resolve));
    };
    const hydrated = hydrateInSteps(() => steps.push("hydrate"), decodeState);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(steps).toEqual(["decode"]);
    decoded();
    await hydrated;
    expect(steps).toEqual(["decode", "hydrate"]);
  });

  it("hydrates where the page's storage is refused", async () => {
    vi.stubGlobal("window", {
      __remixManifest: { routes: MANIFEST_ROUTES },
      __remixContext: { basename: "/" },
      location: { pathname: "/" },
      get sessionStorage(): Storage {
        throw new DOMException("The operation is insecure.", "SecurityError");
      },
    });
    const hydrate = vi.fn();
    await hydrateInSteps(hydrate);
    expect(hydrate).toHaveBeenCalledOnce();
  });
});
