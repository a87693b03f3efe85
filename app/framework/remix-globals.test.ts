import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type * as RemixGlobalsModule from "./remix-globals";

type RouterReady = typeof RemixGlobalsModule;

let routerReady: RouterReady;
const router = { state: {}, subscribe: () => () => {} };

beforeEach(async () => {
  vi.resetModules();
  vi.stubGlobal("window", {});
  routerReady = await import("./remix-globals");
});
afterEach(() => vi.unstubAllGlobals());

describe("whenRouterReady", () => {
  it("waits for the root to announce the router, then hands it to every waiting callback once", () => {
    const first = vi.fn();
    const second = vi.fn();
    routerReady.whenRouterReady(first);
    routerReady.whenRouterReady(second);
    routerReady.announceRouterReady();
    expect(first).not.toHaveBeenCalled();

    vi.stubGlobal("window", { __remixRouter: router });
    routerReady.announceRouterReady();
    routerReady.announceRouterReady();
    expect(first).toHaveBeenCalledExactlyOnceWith(router);
    expect(second).toHaveBeenCalledExactlyOnceWith(router);
  });

  it("calls at once once the router has been announced", () => {
    vi.stubGlobal("window", { __remixRouter: router });
    routerReady.announceRouterReady();
    const late = vi.fn();
    routerReady.whenRouterReady(late);
    expect(late).toHaveBeenCalledExactlyOnceWith(router);
  });
});

describe("pendingNavigationHref", () => {
  it("is the address of the navigation in progress, absolute, or null when none is", () => {
    const location = { href: "https://example.test/anime/catalog/" };
    vi.stubGlobal("window", { location });
    expect(routerReady.pendingNavigationHref()).toBeNull();
    vi.stubGlobal("window", {
      location,
      __remixRouter: { state: { navigation: { location: { pathname: "/anime/schedule", search: "?day=1", hash: "#x" } } } },
    });
    expect(routerReady.pendingNavigationHref()).toBe("https://example.test/anime/schedule?day=1#x");
  });
});

describe("pageBuildVersion", () => {
  it("is the version in Remix's route manifest", () => {
    vi.stubGlobal("window", { __remixManifest: { version: "abc123" } });
    expect(routerReady.pageBuildVersion()).toBe("abc123");
  });
});
