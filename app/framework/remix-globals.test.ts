import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type * as RemixGlobalsModule from "./remix-globals";

type RouterReady = typeof RemixGlobalsModule;

let routerReady: RouterReady;
const router = { state: { location: { key: "default" }, navigation: { state: "idle" } }, subscribe: () => () => {}, revalidate: vi.fn() };

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
    routerReady.announceRouterReady("default");
    expect(first).not.toHaveBeenCalled();

    vi.stubGlobal("window", { __remixRouter: router });
    routerReady.announceRouterReady("default");
    routerReady.announceRouterReady("default");
    expect(first).toHaveBeenCalledExactlyOnceWith(router);
    expect(second).toHaveBeenCalledExactlyOnceWith(router);
  });

  it("calls at once once the router has been announced", () => {
    vi.stubGlobal("window", { __remixRouter: router });
    routerReady.announceRouterReady("default");
    const late = vi.fn();
    routerReady.whenRouterReady(late);
    expect(late).toHaveBeenCalledExactlyOnceWith(router);
  });
});

describe("announceRouterReady", () => {
  const routerAt = (key: string, navigation: "idle" | "loading") => ({
    state: { location: { key }, navigation: { state: navigation } },
    revalidate: vi.fn(async () => undefined),
  });

  it("has the router hand the page its state when it moved on between the first render and its commit", async () => {
    const moved = routerAt("after-back", "idle");
    vi.stubGlobal("window", { __remixRouter: moved });
    routerReady.announceRouterReady("default");
    // After the commit, once React Router's provider has subscribed.
    expect(moved.revalidate).not.toHaveBeenCalled();
    await Promise.resolve();
    expect(moved.revalidate).toHaveBeenCalledOnce();
  });

  it("leaves a router where the page is, or with a navigation still under way, alone", async () => {
    for (const router of [routerAt("default", "idle"), routerAt("after-back", "loading")]) {
      vi.resetModules();
      routerReady = await import("./remix-globals");
      vi.stubGlobal("window", { __remixRouter: router });
      routerReady.announceRouterReady("default");
      await Promise.resolve();
      expect(router.revalidate).not.toHaveBeenCalled();
    }
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
