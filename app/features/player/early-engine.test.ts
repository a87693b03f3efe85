import type HlsType from "hls.js";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  adoptEarlyEngine,
  EARLY_ENGINE_SETTLED_ATTRIBUTE,
  EARLY_ENGINE_SETTLED_EVENT,
  engineKey,
  startEarlyEngine,
  type EarlyEnginePlan,
} from "./early-engine";
import type { EngineCallbacks, EngineSource, VideoEngine } from "./hls-engine";

const plan: EarlyEnginePlan = {
  episodeId: "e1",
  duration: 1440,
  renditions: [
    { height: 480, url: "https://cdn.example/480.m3u8" },
    { height: 720, url: "https://cdn.example/720.m3u8" },
  ],
  masterUrl: "/anime/video/episode/e1/master.m3u8",
  mirrors: [],
  adFlags: { videoAds: true, videoAdsAlways: false, contentAds: true },
};
/** What the player asks for when it hydrates: the same stream, no pre-roll due. */
const playerSource: EngineSource = { ...plan, quality: "auto", startAt: 0, waiting: false };

const Hls = { isSupported: () => true } as unknown as typeof HlsType;

class FakeVideo extends EventTarget {
  volume = 1;
  muted = false;
  playbackRate = 1;
  played = 0;
  canPlayType() {
    return "maybe";
  }
  play() {
    this.played += 1;
    return Promise.resolve();
  }
}

type Page = { video: FakeVideo | null; settled: string[]; attributes: Set<string> };

function page(withVideo = true, vendor = "Google Inc.", session: Record<string, string> = {}): Page {
  const state: Page = { video: withVideo ? new FakeVideo() : null, settled: [], attributes: new Set() };
  vi.stubGlobal("navigator", { vendor });
  vi.stubGlobal("document", {
    querySelector: () => state.video,
    documentElement: { setAttribute: (name: string) => state.attributes.add(name) },
  });
  vi.stubGlobal("window", {
    MediaSource: Object.assign(function MediaSource() {}, { isTypeSupported: () => true }),
    dispatchEvent: (event: Event) => state.settled.push(event.type),
    sessionStorage: { getItem: (key: string) => session[key] ?? null },
  });
  return state;
}

/** An engine that records what it was asked; `hear` is what the early engine told it to report to. */
function fakeEngines() {
  const made: { source: EngineSource; engine: VideoEngine & { waiting: boolean[]; destroyed: boolean }; hear: EngineCallbacks }[] = [];
  const create = (_hls: typeof HlsType, _video: HTMLVideoElement, source: EngineSource, hear: EngineCallbacks) => {
    const engine = {
      kind: "hls.js" as const,
      waiting: [] as boolean[],
      destroyed: false,
      setQuality() {},
      setWaiting(waiting: boolean) {
        engine.waiting.push(waiting);
      },
      destroy() {
        engine.destroyed = true;
      },
    };
    made.push({ source, engine, hear });
    return engine;
  };
  return { made, create };
}

const asVideo = (video: FakeVideo | null) => video as unknown as HTMLVideoElement;
const listening = () => ({ onRendition: vi.fn(), onFatalError: vi.fn() });

let current: Page;
beforeEach(() => {
  current = page();
});
afterEach(() => {
  // Whatever a test left started is taken, so the next one starts afresh.
  if (current.video) adoptEarlyEngine(asVideo(current.video), { ...playerSource, masterUrl: "/other" }, listening());
  vi.unstubAllGlobals();
});

describe("the early start", () => {
  it("says at once that it is over when the page has no episode video", () => {
    current = page(false);
    const { made, create } = fakeEngines();
    startEarlyEngine(Hls, plan, create);
    expect(made).toHaveLength(0);
    expect(current.settled).toEqual([EARLY_ENGINE_SETTLED_EVENT]);
    expect(current.attributes.has(EARLY_ENGINE_SETTLED_ATTRIBUTE)).toBe(true);
  });

  it("leaves Apple's browsers to their own HLS, as the player does", () => {
    current = page(true, "Apple Computer, Inc.");
    const { made, create } = fakeEngines();
    startEarlyEngine(Hls, plan, create);
    expect(made).toHaveLength(0);
    expect(current.settled).toEqual([EARLY_ENGINE_SETTLED_EVENT]);
  });

  it("starts the stream from its start in automatic quality and is over at the first frame", () => {
    const { made, create } = fakeEngines();
    startEarlyEngine(Hls, plan, create);
    expect(made).toHaveLength(1);
    expect(made[0]!.source).toMatchObject({ masterUrl: plan.masterUrl, quality: "auto", startAt: 0 });
    expect(current.settled).toEqual([]);
    current.video!.dispatchEvent(new Event("loadeddata"));
    expect(current.settled).toEqual([EARLY_ENGINE_SETTLED_EVENT]);
  });

  it("holds the episode to its first seconds while a pre-roll is due: the player shows the ad once hydrated", () => {
    const { made, create } = fakeEngines();
    startEarlyEngine(Hls, plan, create);
    expect(made[0]!.source.waiting).toBe(true);
    expect(current.video!.played).toBe(0);
    expect(adoptEarlyEngine(asVideo(current.video), { ...playerSource, waiting: true }, listening())?.startedPlaying).toBeUndefined();
  });

  it("plays at once when no pre-roll is due (this session had its one), with the whole forward buffer", async () => {
    current = page(true, "Google Inc.", { "ads:pre-roll-played": "1" });
    const { made, create } = fakeEngines();
    startEarlyEngine(Hls, plan, create);
    expect(made[0]!.source.waiting).toBe(false);
    expect(current.video!.played).toBe(1);
    // The player hears that it plays, and does not ask again (that would undo a pause since).
    await expect(adoptEarlyEngine(asVideo(current.video), playerSource, listening())?.startedPlaying).resolves.toBe(true);
  });

  it("tells the player when the browser refused to play on its own, so that it offers its play button", async () => {
    current = page(true, "Google Inc.", { "ads:pre-roll-played": "1" });
    current.video!.play = () => Promise.reject(new DOMException("not allowed", "NotAllowedError"));
    startEarlyEngine(Hls, plan, fakeEngines().create);
    await expect(adoptEarlyEngine(asVideo(current.video), playerSource, listening())?.startedPlaying).resolves.toBe(false);
  });

  it("is adopted by the player that would start the same stream, which then hears it and sets its buffer", () => {
    const { made, create } = fakeEngines();
    startEarlyEngine(Hls, plan, create);
    made[0]!.hear.onRendition(480);
    const callbacks = listening();
    const adopted = adoptEarlyEngine(asVideo(current.video), playerSource, callbacks);
    expect(adopted).toBe(made[0]!.engine);
    expect(callbacks.onRendition).toHaveBeenCalledWith(480);
    expect(made[0]!.engine.waiting).toEqual([false]);
    made[0]!.hear.onRendition(720);
    expect(callbacks.onRendition).toHaveBeenLastCalledWith(720);
    // Taken once: a second player (another mount) attaches its own.
    expect(adoptEarlyEngine(asVideo(current.video), playerSource, listening())).toBeNull();
  });

  it("is replaced when the player would start elsewhere (a position saved on the account)", () => {
    const { made, create } = fakeEngines();
    startEarlyEngine(Hls, plan, create);
    expect(adoptEarlyEngine(asVideo(current.video), { ...playerSource, startAt: 300 }, listening())).toBeNull();
    expect(made[0]!.engine.destroyed).toBe(true);
  });

  it("is not adopted by another video", () => {
    const { made, create } = fakeEngines();
    startEarlyEngine(Hls, plan, create);
    expect(adoptEarlyEngine(asVideo(new FakeVideo()), playerSource, listening())).toBeNull();
    expect(made[0]!.engine.destroyed).toBe(false);
  });

  it("gives up on a stream that failed before the player came: the page goes on, the player attaches its own", () => {
    const { made, create } = fakeEngines();
    startEarlyEngine(Hls, plan, create);
    made[0]!.hear.onFatalError();
    expect(current.settled).toEqual([EARLY_ENGINE_SETTLED_EVENT]);
    expect(adoptEarlyEngine(asVideo(current.video), playerSource, listening())).toBeNull();
    expect(made[0]!.engine.destroyed).toBe(true);
  });

  it("hands a later failure to the player that adopted it", () => {
    const { made, create } = fakeEngines();
    startEarlyEngine(Hls, plan, create);
    const callbacks = listening();
    adoptEarlyEngine(asVideo(current.video), playerSource, callbacks);
    made[0]!.hear.onFatalError();
    expect(callbacks.onFatalError).toHaveBeenCalledTimes(1);
  });
});

describe("engineKey", () => {
  it("tells streams apart by their files, quality and start, not by the pre-roll's hold", () => {
    expect(engineKey(playerSource)).toBe(engineKey({ ...playerSource, waiting: true }));
    expect(engineKey(playerSource)).not.toBe(engineKey({ ...playerSource, quality: "720" }));
    expect(engineKey(playerSource)).not.toBe(engineKey({ ...playerSource, mirrors: ["https://a.example", "https://b.example"] }));
  });
});
