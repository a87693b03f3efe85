import type HlsType from "hls.js";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LOCAL_PROGRESS_KEY } from "~/features/progress/local-progress";
import { OUTBOX_KEY } from "~/features/progress/timecode-outbox";
import {
  adoptEarlyEngine,
  OWN_CONTROLS_AFTER_MS,
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
  moment: null,
  viewer: { adFlags: { videoAds: true, videoAdsAlways: false, contentAds: true }, account: null },
};
/** What the player asks for when it hydrates: the same stream, no pre-roll due. */
const playerSource: EngineSource = { ...plan, quality: "auto", startAt: 0, waiting: false };

const Hls = { isSupported: () => true } as unknown as typeof HlsType;

class FakeVideo extends EventTarget {
  controls = false;
  constructor(private readonly episodeId = "e1") {
    super();
  }
  getAttribute() {
    return this.episodeId;
  }
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

function page(
  withVideo = true,
  vendor = "Google Inc.",
  session: Record<string, string> = {},
  local: Record<string, string> = {},
  search = "",
): Page {
  const state: Page = { video: withVideo ? new FakeVideo() : null, settled: [], attributes: new Set() };
  vi.stubGlobal("navigator", { vendor });
  vi.stubGlobal("document", {
    querySelectorAll: () => (state.video ? [state.video] : []),
    documentElement: { setAttribute: (name: string) => state.attributes.add(name) },
  });
  vi.stubGlobal("window", {
    MediaSource: Object.assign(function MediaSource() {}, { isTypeSupported: () => true }),
    dispatchEvent: (event: Event) => state.settled.push(event.type),
    sessionStorage: { getItem: (key: string) => session[key] ?? null },
    localStorage: { getItem: (key: string) => local[key] ?? null, setItem: () => undefined },
    location: { search },
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
    vi.useFakeTimers();
    try {
      startEarlyEngine(Hls, plan, create);
      expect(made).toHaveLength(0);
      expect(current.settled).toEqual([EARLY_ENGINE_SETTLED_EVENT]);
      // Its own controls too, should the page not hydrate.
      vi.advanceTimersByTime(OWN_CONTROLS_AFTER_MS);
      expect(current.video!.controls).toBe(true);
    } finally {
      vi.useRealTimers();
    }
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

  it("loads but does not play an episode opened in a watch-together room: the room's clock starts it, where the room is", () => {
    current = page(true, "Google Inc.", { "ads:pre-roll-played": "1" }, {}, "?room=rrrrrrrrrrrrrrrrrrrrrr");
    const { made, create } = fakeEngines();
    startEarlyEngine(Hls, plan, create);
    expect(made).toHaveLength(1);
    expect(current.video!.played).toBe(0);
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

describe("where the early start resumes, as the player's store would", () => {
  const localProgress = JSON.stringify({ timecodes: { e1: { time: 300, isWatched: false, updatedAt: 1 } }, recent: [] });

  it("a visitor: this browser's position", () => {
    current = page(true, "Google Inc.", {}, { [LOCAL_PROGRESS_KEY]: localProgress });
    const { made, create } = fakeEngines();
    startEarlyEngine(Hls, plan, create);
    expect(made[0]!.source.startAt).toBe(300);
  });

  it("a link to a moment: that second, not the saved position", () => {
    current = page(true, "Google Inc.", {}, { [LOCAL_PROGRESS_KEY]: localProgress });
    const { made, create } = fakeEngines();
    startEarlyEngine(Hls, { ...plan, moment: 754 }, create);
    expect(made[0]!.source.startAt).toBe(754);
  });

  it("an account: its own position, not what another viewer left in this browser", () => {
    current = page(true, "Google Inc.", {}, { [LOCAL_PROGRESS_KEY]: localProgress });
    const { made, create } = fakeEngines();
    const account = { id: 7, timecodes: [{ releaseEpisodeId: "e1", time: 0, isWatched: false }] };
    startEarlyEngine(Hls, { ...plan, viewer: { ...plan.viewer, account } }, create);
    expect(made[0]!.source.startAt).toBe(0);
  });

  it("an account: a position this browser has not delivered yet goes first", () => {
    const outbox = JSON.stringify({ accountId: 7, entries: [{ releaseEpisodeId: "e1", time: 420, isWatched: false }] });
    current = page(true, "Google Inc.", {}, { [OUTBOX_KEY]: outbox });
    const { made, create } = fakeEngines();
    startEarlyEngine(Hls, { ...plan, viewer: { ...plan.viewer, account: { id: 7, timecodes: [] } } }, create);
    expect(made[0]!.source.startAt).toBe(420);
  });
});

describe("the early start and the player, in either order", () => {
  it("leaves alone a video whose player began to attach first (hls.js came late)", () => {
    adoptEarlyEngine(asVideo(current.video), playerSource, listening());
    const { made, create } = fakeEngines();
    startEarlyEngine(Hls, plan, create);
    expect(made).toHaveLength(0);
    expect(current.settled).toEqual([EARLY_ENGINE_SETTLED_EVENT]);
  });

  it("starts nothing on another episode's video (the viewer went on before hls.js came)", () => {
    current = page();
    current.video = new FakeVideo("e2");
    const { made, create } = fakeEngines();
    startEarlyEngine(Hls, plan, create);
    expect(made).toHaveLength(0);
  });

  it("destroys an engine whose video the player no longer has", () => {
    const { made, create } = fakeEngines();
    startEarlyEngine(Hls, plan, create);
    expect(adoptEarlyEngine(asVideo(new FakeVideo()), playerSource, listening())).toBeNull();
    expect(made[0]!.engine.destroyed).toBe(true);
  });

  it("gives the video the browser's own controls if the page has not hydrated in time, and takes them back on adoption", () => {
    vi.useFakeTimers();
    try {
      startEarlyEngine(Hls, plan, fakeEngines().create);
      vi.advanceTimersByTime(OWN_CONTROLS_AFTER_MS - 1);
      expect(current.video!.controls).toBe(false);
      vi.advanceTimersByTime(1);
      expect(current.video!.controls).toBe(true);
      adoptEarlyEngine(asVideo(current.video), playerSource, listening());
      expect(current.video!.controls).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("engineKey", () => {
  it("tells streams apart by their files, quality and start, not by the pre-roll's hold", () => {
    expect(engineKey(playerSource)).toBe(engineKey({ ...playerSource, waiting: true }));
    expect(engineKey(playerSource)).not.toBe(engineKey({ ...playerSource, quality: "720" }));
    expect(engineKey(playerSource)).not.toBe(engineKey({ ...playerSource, mirrors: ["https://a.example", "https://b.example"] }));
  });
});
