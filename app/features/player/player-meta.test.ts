import { describe, expect, it } from "vitest";
import type { PlayerPageData } from "~/features/video-engine/player-data";
import { EARLY_START_SIGNAL } from "./early-start";
import { playerHandle, playerMeta } from "./player-meta";

const data: PlayerPageData = {
  episode: {
    id: "e1",
    name: "Начало",
    ordinal: 1,
    opening: null,
    ending: null,
    preview: "https://media.example/e1.webp",
    duration: 24,
    renditions: [{ height: 480, url: "https://media.example/480.m3u8" }],
    rutubeId: null,
    youtubeId: null,
  },
  release: null,
  bell: null,
  queue: [],
  queueRange: { firstIndex: 0, total: 0 },
  downloads: [],
  accountTimecodes: null,
  view: "episode",
  preloads: {
    hlsChunk: "/assets/hls.light-abc.js",
    earlyEngineChunks: [],
    fetches: ["/anime/video/episode/e1/master.m3u8", "https://media.example/480.m3u8", "https://media.example/480/0.ts"],
  },
  ageConfirmationNeeded: false,
  moment: null,
  mediaMirrors: [],
};
const args = {
  matches: [{ id: "root", data: { site: { name: "AniLibria", origin: "https://example.org" } } }],
  location: { pathname: "/anime/video/episode/e1" },
};

describe("player page metadata", () => {
  it("titles the page by release and episode and asks for the stream early", () => {
    const meta = playerMeta(args, data);
    expect(meta).toContainEqual({ title: "Просмотр серии — Серия 1 | AniLibria" });
    expect(meta).toContainEqual({ property: "og:type", content: "video.episode" });
    expect(meta).toContainEqual({
      tagName: "link",
      rel: "preload",
      as: "fetch",
      href: "https://media.example/480.m3u8",
      crossOrigin: "anonymous",
    });
    expect(meta).toContainEqual({
      tagName: "link",
      rel: "preload",
      as: "fetch",
      href: "https://media.example/480/0.ts",
      crossOrigin: "anonymous",
    });
    expect(meta.some((tag) => "name" in tag && tag.name === "robots")).toBe(false);
  });

  it("names hls.js for the root's module preloads, not as a link of its own (it needs the page's nonce)", () => {
    expect(playerMeta(args, data).some((tag) => "rel" in tag && tag.rel === "modulepreload")).toBe(false);
    expect(playerHandle.modulePreloads?.(data)).toEqual(["/assets/hls.light-abc.js"]);
    expect(playerHandle.modulePreloads?.(undefined)).toEqual([null]);
    expect(playerHandle.startsBeforeHydration?.(data)).toBeNull();
  });

  it("with an early start, names hls.js and the early engine's chunks alone, and the signal its modules wait for", () => {
    const early = {
      ...data,
      preloads: { ...data.preloads, earlyEngineChunks: ["/assets/player-early-engine-a.js", "/assets/hls-engine-b.js"] },
    };
    expect(playerHandle.modulePreloads?.(early)).toEqual([
      "/assets/hls.light-abc.js",
      "/assets/player-early-engine-a.js",
      "/assets/hls-engine-b.js",
    ]);
    expect(playerHandle.startsBeforeHydration?.(early)).toEqual(EARLY_START_SIGNAL);
    // The age question comes first: nothing starts before it is answered.
    expect(playerHandle.startsBeforeHydration?.({ ...early, ageConfirmationNeeded: true })).toBeNull();
  });

  it("keeps the queue view out of the index", () => {
    expect(playerMeta(args, { ...data, view: "queue" })).toContainEqual({ name: "robots", content: "noindex, nofollow" });
  });
});
