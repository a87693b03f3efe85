import { describe, expect, it } from "vitest";
import { firstPageModulesOf, modulePreloadsOf, type ModulePreloadsHandle } from "./module-preloads";

const manifest = {
  url: "/assets/manifest-0.js",
  entry: { module: "/assets/entry.client-a.js", imports: ["/assets/jsx-runtime-b.js", "/assets/components-c.js"] },
  routes: {
    root: { module: "/assets/root-d.js", imports: ["/assets/components-c.js", "/assets/nonce-e.js"] },
    "routes/_app": { module: "/assets/_app-f.js" },
    "routes/_video.anime.video.episode.$releaseEpisodeId": { module: "/assets/episode-g.js", imports: ["/assets/player-h.js"] },
  },
};

const hlsHandle: ModulePreloadsHandle = {
  modulePreloads: (data) => [(data as { hlsChunk: string | null }).hlsChunk],
};

describe("modulePreloadsOf", () => {
  it("lists nothing for a page no route asks for (it is whole without JavaScript)", () => {
    const matches = [
      { id: "root", data: null, handle: undefined },
      { id: "routes/_app", data: null, handle: {} },
    ];
    expect(modulePreloadsOf(manifest, matches)).toEqual([]);
  });

  it("lists the route manifest, the entry's modules, each matched route's imports and module, then what the handle adds, once each", () => {
    const matches = [
      { id: "root", data: null, handle: undefined },
      { id: "routes/_app", data: null, handle: undefined },
      { id: "routes/_video.anime.video.episode.$releaseEpisodeId", data: { hlsChunk: "/assets/hls.light-i.js" }, handle: hlsHandle },
    ];
    expect(modulePreloadsOf(manifest, matches)).toEqual([
      "/assets/manifest-0.js",
      "/assets/entry.client-a.js",
      "/assets/jsx-runtime-b.js",
      "/assets/components-c.js",
      "/assets/nonce-e.js",
      "/assets/root-d.js",
      "/assets/_app-f.js",
      "/assets/player-h.js",
      "/assets/episode-g.js",
      "/assets/hls.light-i.js",
    ]);
  });

  it("skips a module the handle cannot name", () => {
    const matches = [{ id: "routes/_video.anime.video.episode.$releaseEpisodeId", data: { hlsChunk: null }, handle: hlsHandle }];
    expect(modulePreloadsOf(manifest, matches)).toEqual([
      "/assets/manifest-0.js",
      "/assets/entry.client-a.js",
      "/assets/jsx-runtime-b.js",
      "/assets/components-c.js",
      "/assets/player-h.js",
      "/assets/episode-g.js",
    ]);
  });

  it("leaves out a route the manifest does not know (yet)", () => {
    const matches = [
      { id: "routes/unknown", data: null, handle: undefined },
      { id: "routes/_video.anime.video.episode.$releaseEpisodeId", data: { hlsChunk: null }, handle: hlsHandle },
    ];
    expect(modulePreloadsOf(manifest, matches)).not.toContain(undefined);
    expect(modulePreloadsOf(manifest, matches)).toHaveLength(6);
  });
});

describe("firstPageModulesOf", () => {
  const episode = "routes/_video.anime.video.episode.$releaseEpisodeId";
  const signal = { event: "player:early-start-settled", attribute: "data-early-start-settled" };
  const earlyHandle: ModulePreloadsHandle = {
    modulePreloads: () => ["/assets/hls.light-i.js", "/assets/player-early-engine-j.js"],
    startsBeforeHydration: (data) => ((data as { early: boolean }).early ? signal : null),
  };

  it("asks for nothing in the <head> of a page whole without JavaScript, whose modules wait for its first paint", () => {
    expect(firstPageModulesOf(manifest, [{ id: "root", data: null, handle: undefined }])).toEqual({
      head: [],
      pageModules: "after first paint",
    });
  });

  it("asks for every module at once on a page that needs them and starts nothing of its own", () => {
    const plan = firstPageModulesOf(manifest, [{ id: episode, data: { early: false }, handle: earlyHandle }]);
    expect(plan).toMatchObject({ pageModules: "at once" });
    expect(plan.head).toContain("/assets/entry.client-a.js");
  });

  it("asks only for the handle's modules on a page with an early start, whose modules wait for its signal", () => {
    expect(firstPageModulesOf(manifest, [{ id: episode, data: { early: true }, handle: earlyHandle }])).toEqual({
      head: ["/assets/hls.light-i.js", "/assets/player-early-engine-j.js"],
      pageModules: "after early start",
      signal,
    });
  });
});
