import { describe, expect, it } from "vitest";
import { serverHooksOf } from "./server-hooks";

describe("the app's server hooks", () => {
  it("are all there in the app's module", async () => {
    const hooks = serverHooksOf(await import("../app/server-hooks.server"));
    expect(Object.keys(hooks.pageCacheQueryParameters)).toContain("root");
    expect(hooks.pageCacheCookies().personal.length).toBeGreaterThan(0);
  });

  it("are not the document entry's: it exports only what Remix reads", async () => {
    expect(Object.keys(await import("../app/entry.server")).sort()).toEqual(["default", "handleError", "streamTimeout"]);
  });

  it("stop the start when one is missing or mistyped, naming it", () => {
    const noop = () => null;
    const complete = {
      pageCacheVariant: noop,
      pageCacheQueryParameters: { root: [] },
      pageCacheCookies: noop,
      serveEmbeddedMedia: noop,
      connectSharedRedis: noop,
      closeSharedRedis: noop,
      endEventStreams: noop,
      startNotificationSender: noop,
      stopNotificationSender: noop,
      createLoadContext: noop,
    };
    expect(() => serverHooksOf(complete)).not.toThrow();
    const { closeSharedRedis: _missing, ...withoutClose } = complete;
    expect(() => serverHooksOf(withoutClose)).toThrow(/closeSharedRedis/);
    const { createLoadContext: _noContext, ...withoutLoadContext } = complete;
    expect(() => serverHooksOf(withoutLoadContext)).toThrow(/createLoadContext/);
    expect(() => serverHooksOf({ ...complete, pageCacheQueryParameters: { root: "all" } })).toThrow(/pageCacheQueryParameters\.root/);
  });
});
