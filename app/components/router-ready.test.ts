import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type * as RouterReadyModule from "./router-ready";

type RouterReady = typeof RouterReadyModule;

let routerReady: RouterReady;
const router = { state: {}, subscribe: () => () => {} };

beforeEach(async () => {
  vi.resetModules();
  vi.stubGlobal("window", {});
  routerReady = await import("./router-ready");
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
