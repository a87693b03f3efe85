import { describe, expect, it, vi } from "vitest";
import { ROUTE_MODULE_FAILURE_HOOK } from "~/framework/route-module-failure";
import { cacheRefreshUrl, claimChunkReload, installChunkReload, isModuleLoadError, isStylesheetPreloadError } from "./chunk-reload";

function memoryStorage() {
  const values = new Map<string, string>();
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value) };
}

describe("chunk load failures", () => {
  it("tells a failed module load from a failed stylesheet preload", () => {
    expect(isModuleLoadError(new TypeError("Failed to fetch dynamically imported module: https://x/assets/a.js"))).toBe(true);
    expect(isModuleLoadError(new TypeError("error loading dynamically imported module"))).toBe(true);
    expect(isModuleLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isModuleLoadError(new Error("Something else"))).toBe(false);
    expect(isStylesheetPreloadError(new Error("Unable to preload CSS for /assets/drawer.css"))).toBe(true);
    expect(isStylesheetPreloadError(new TypeError("Failed to fetch dynamically imported module"))).toBe(false);
  });

  it("reloads the address with cacheRefresh set to the current ISO time", () => {
    const now = new Date("2026-11-21T20:00:00.000Z");
    expect(cacheRefreshUrl("https://site.example/anime/catalog/?types=TV&cacheRefresh=old#top", now)).toBe(
      "https://site.example/anime/catalog/?types=TV&cacheRefresh=2026-11-21T20%3A00%3A00.000Z#top",
    );
  });

  it("allows one reload per path per 10 seconds", () => {
    const storage = memoryStorage();
    expect(claimChunkReload(storage, "/rules", 0)).toBe(true);
    expect(claimChunkReload(storage, "/rules", 9_999)).toBe(false);
    expect(claimChunkReload(storage, "/support", 5_000)).toBe(true);
    expect(claimChunkReload(storage, "/rules", 10_000)).toBe(true);
    expect(claimChunkReload(null, "/rules", 0)).toBe(false);
    const broken = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => undefined,
    };
    expect(claimChunkReload(broken, "/rules", 0)).toBe(false);
  });
});

function preloadError(payload: unknown) {
  const event = new Event("vite:preloadError", { cancelable: true });
  Object.assign(event, { payload });
  return event;
}

describe("installChunkReload", () => {
  function setUp(online = true, navigationTarget: string | null = null) {
    const target = new EventTarget() as EventTarget & Window & { [ROUTE_MODULE_FAILURE_HOOK]?: (error: unknown) => boolean };
    const navigate = vi.fn();
    const storage = memoryStorage();
    installChunkReload({
      target,
      online: () => online,
      location: () => ({ href: "https://site.example/rules", pathname: "/rules" }),
      navigationTarget: () => navigationTarget,
      storage: () => storage,
      navigate,
      now: () => new Date("2026-11-21T20:00:00.000Z"),
    });
    return { target, navigate };
  }

  it("reloads a navigation's target when its route module fails", () => {
    const { target, navigate } = setUp(true, "https://site.example/anime/catalog/?types=TV");
    const failure = new TypeError("Failed to fetch dynamically imported module: /assets/catalog.js");
    expect(target[ROUTE_MODULE_FAILURE_HOOK]?.(failure)).toBe(true);
    expect(navigate).toHaveBeenLastCalledWith("https://site.example/anime/catalog/?types=TV&cacheRefresh=2026-11-21T20%3A00%3A00.000Z");
    // Another module of the same navigation waits for the reload already under way.
    expect(target[ROUTE_MODULE_FAILURE_HOOK]?.(failure)).toBe(true);
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it("declines a second reload of the same path within 10 seconds (the page after the reload)", () => {
    const storage = memoryStorage();
    const navigate = vi.fn();
    const install = (at: string) => {
      const target = new EventTarget() as EventTarget & Window & { [ROUTE_MODULE_FAILURE_HOOK]?: (error: unknown) => boolean };
      installChunkReload({
        target,
        online: () => true,
        location: () => ({ href: "https://site.example/", pathname: "/" }),
        navigationTarget: () => "https://site.example/rules",
        storage: () => storage,
        navigate,
        now: () => new Date(at),
      });
      return target[ROUTE_MODULE_FAILURE_HOOK]!;
    };
    const failure = new TypeError("Failed to fetch dynamically imported module: /assets/rules.js");
    expect(install("2026-11-21T20:00:00.000Z")(failure)).toBe(true);
    expect(install("2026-11-21T20:00:06.000Z")(failure)).toBe(false);
    expect(install("2026-11-21T20:00:17.000Z")(failure)).toBe(true);
    expect(navigate).toHaveBeenCalledTimes(2);
  });

  it("reloads on a failed module and swallows a failed stylesheet preload", () => {
    const { target, navigate } = setUp();
    const stylesheet = preloadError(new Error("Unable to preload CSS for /assets/a.css"));
    target.dispatchEvent(stylesheet);
    expect(stylesheet.defaultPrevented).toBe(true);
    expect(navigate).not.toHaveBeenCalled();

    const module = preloadError(new TypeError("Failed to fetch dynamically imported module: /assets/b.js"));
    target.dispatchEvent(module);
    expect(module.defaultPrevented).toBe(true);
    expect(navigate).toHaveBeenCalledWith("https://site.example/rules?cacheRefresh=2026-11-21T20%3A00%3A00.000Z");
  });

  it("reloads a navigation's target when the failure is reported as a preload error or a rejection first", () => {
    const { target, navigate } = setUp(true, "https://site.example/support");
    const module = preloadError(new TypeError("Failed to fetch dynamically imported module: /assets/support.js"));
    target.dispatchEvent(module);
    expect(module.defaultPrevented).toBe(true);
    expect(navigate).toHaveBeenCalledWith("https://site.example/support?cacheRefresh=2026-11-21T20%3A00%3A00.000Z");
  });

  it("does not reload without a network: nothing new could be fetched", () => {
    const { target, navigate } = setUp(false);
    const module = preloadError(new TypeError("Failed to fetch dynamically imported module: /assets/b.js"));
    target.dispatchEvent(module);
    expect(module.defaultPrevented).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
  });
});
