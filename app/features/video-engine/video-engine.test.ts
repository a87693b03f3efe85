import { afterEach, describe, expect, it, vi } from "vitest";
import type { Rendition } from "./renditions";
import { BUFFER_AHEAD_SECONDS, preloadBandwidth, prefersNativeHls } from "./hls-engine";
import { attachVideoEngine } from "./video-engine";

/** hls.js as far as the engine drives it: its config (read live), events, source and media. */
const hlsInstances: { config: Record<string, unknown> }[] = [];
vi.mock("hls.js/light", () => {
  class FakeHls {
    static Events = { MANIFEST_PARSED: "m", FRAG_BUFFERED: "f", LEVEL_SWITCHED: "l", ERROR: "e" };
    static ErrorTypes = { MEDIA_ERROR: "media", NETWORK_ERROR: "network" };
    static DefaultConfig = { loader: class {} };
    config: Record<string, unknown>;
    constructor(config: Record<string, unknown>) {
      this.config = { ...config };
      hlsInstances.push(this);
    }
    on() {}
    once() {}
    loadSource() {}
    attachMedia() {}
    destroy() {}
  }
  return { default: FakeHls };
});

const HLS_TYPE = "application/vnd.apple.mpegurl";
const renditions: Rendition[] = [
  { height: 480, url: "https://cdn.example/480.m3u8" },
  { height: 720, url: "https://cdn.example/720.m3u8" },
];
const masterUrl = "/anime/video/episode/e1/master.m3u8";

/** Just enough of a <video> for the engine: canPlayType, events, src, currentTime, play. */
class FakeVideo extends EventTarget {
  src = "";
  currentTime = 0;
  paused = true;
  videoHeight = 0;
  constructor(private readonly hlsAnswer: CanPlayTypeResult) {
    super();
  }
  canPlayType(type: string): CanPlayTypeResult {
    return type === HLS_TYPE ? this.hlsAnswer : "";
  }
  play() {
    this.paused = false;
    return Promise.resolve();
  }
  removeAttribute(name: string) {
    if (name === "src") this.src = "";
  }
  load() {}
}

const asVideo = (video: FakeVideo) => video as unknown as HTMLVideoElement;
const callbacks = () => ({ onRendition: vi.fn(), onFatalError: vi.fn() });

function browser(vendor: string, mediaSource: boolean) {
  vi.stubGlobal("navigator", { vendor });
  vi.stubGlobal("window", mediaSource ? { MediaSource: Object.assign(function MediaSource() {}, { isTypeSupported: () => true }) } : {});
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("engine choice", () => {
  it("plays HLS natively on Apple WebKit, which answers canPlayType", () => {
    expect(prefersNativeHls(asVideo(new FakeVideo("maybe")), "Apple Computer, Inc.", true)).toBe(true);
  });

  it("does not trust Chromium's 'maybe' when MSE is there for hls.js", () => {
    expect(prefersNativeHls(asVideo(new FakeVideo("maybe")), "Google Inc.", true)).toBe(false);
  });

  it("falls back to the browser's own HLS where there is no MSE", () => {
    expect(prefersNativeHls(asVideo(new FakeVideo("probably")), "Google Inc.", false)).toBe(true);
    expect(prefersNativeHls(asVideo(new FakeVideo("")), "Apple Computer, Inc.", false)).toBe(false);
  });

  it("attaches the master playlist to Safari's <video> and swaps to a rendition for a manual quality", async () => {
    browser("Apple Computer, Inc.", true);
    const video = new FakeVideo("maybe");
    const engine = await attachVideoEngine(
      asVideo(video),
      { renditions, masterUrl, mirrors: [], quality: "auto", startAt: 0, waiting: false },
      callbacks(),
    );
    expect(engine.kind).toBe("native");
    expect(video.src).toBe(masterUrl);

    video.currentTime = 12;
    engine.setQuality("720");
    expect(video.src).toBe(renditions[1]!.url);
    video.currentTime = 0;
    video.dispatchEvent(new Event("loadedmetadata"));
    expect(video.currentTime).toBe(12);

    engine.destroy();
    expect(video.src).toBe("");
  });

  it("resumes a saved position once the native stream has its metadata", async () => {
    browser("Apple Computer, Inc.", true);
    const video = new FakeVideo("maybe");
    await attachVideoEngine(
      asVideo(video),
      { renditions, masterUrl, mirrors: [], quality: "480", startAt: 30, waiting: false },
      callbacks(),
    );
    expect(video.src).toBe(renditions[0]!.url);
    video.dispatchEvent(new Event("loadedmetadata"));
    expect(video.currentTime).toBe(30);
  });

  it("moves the native stream to the next media host on an error, keeping the position, then gives up", async () => {
    browser("Apple Computer, Inc.", true);
    const video = new FakeVideo("maybe");
    const handlers = callbacks();
    const mirrors = ["https://cdn.example", "https://cdn-2.example"];
    const engine = await attachVideoEngine(
      asVideo(video),
      { renditions, masterUrl, mirrors, quality: "auto", startAt: 0, waiting: false },
      handlers,
    );
    video.currentTime = 42;
    video.dispatchEvent(new Event("error"));
    expect(video.src).toBe(`${masterUrl}?mirror=1`);
    expect(handlers.onFatalError).not.toHaveBeenCalled();
    video.currentTime = 0;
    video.dispatchEvent(new Event("loadedmetadata"));
    expect(video.currentTime).toBe(42);

    engine.setQuality("720");
    expect(video.src).toBe("https://cdn-2.example/720.m3u8");
    video.dispatchEvent(new Event("error"));
    expect(handlers.onFatalError).toHaveBeenCalledOnce();
  });

  it("reports a browser that can play neither way", async () => {
    browser("Mozilla", false);
    const handlers = callbacks();
    await attachVideoEngine(
      asVideo(new FakeVideo("")),
      { renditions, masterUrl, mirrors: [], quality: "auto", startAt: 0, waiting: false },
      handlers,
    );
    expect(handlers.onFatalError).toHaveBeenCalledOnce();
  });
});

describe("forward buffer with hls.js", () => {
  it("fetches only the episode's start while a pre-roll goes first, and the full length once it has ended", async () => {
    browser("Google Inc.", true);
    const video = new FakeVideo("");
    const engine = await attachVideoEngine(
      asVideo(video),
      { renditions, masterUrl, mirrors: [], quality: "auto", startAt: 0, waiting: true },
      callbacks(),
    );
    expect(engine.kind).toBe("hls.js");
    const hls = hlsInstances.at(-1)!;
    expect(hls.config).toMatchObject({ maxBufferLength: BUFFER_AHEAD_SECONDS.waiting, maxMaxBufferLength: BUFFER_AHEAD_SECONDS.waiting });
    engine.setWaiting(false);
    expect(hls.config).toMatchObject({ maxBufferLength: BUFFER_AHEAD_SECONDS.playing, maxMaxBufferLength: BUFFER_AHEAD_SECONDS.playing });
    expect(BUFFER_AHEAD_SECONDS.waiting).toBeLessThan(BUFFER_AHEAD_SECONDS.playing);
  });

  it("fetches the full length at once when no pre-roll waits", async () => {
    browser("Google Inc.", true);
    await attachVideoEngine(
      asVideo(new FakeVideo("")),
      { renditions, masterUrl, mirrors: [], quality: "auto", startAt: 0, waiting: false },
      callbacks(),
    );
    expect(hlsInstances.at(-1)!.config).toMatchObject({ maxMaxBufferLength: BUFFER_AHEAD_SECONDS.playing });
  });
});

describe("bandwidth of a preloaded fragment", () => {
  const timing = (initiatorType: string, startTime: number, responseEnd: number) =>
    ({ initiatorType, startTime, responseEnd }) as unknown as PerformanceEntry;

  it("is measured from the preload's own start and end", () => {
    expect(preloadBandwidth("https://cdn.example/0.ts", 50_000, [timing("link", 200, 1_200)])).toBe(400_000);
  });

  it("is unknown for a fragment the engine fetched itself", () => {
    expect(preloadBandwidth("https://cdn.example/0.ts", 50_000, [timing("xmlhttprequest", 200, 1_200)])).toBeNull();
    expect(preloadBandwidth("https://cdn.example/0.ts", 50_000, [])).toBeNull();
    expect(preloadBandwidth("https://cdn.example/0.ts", 50_000, [timing("link", 200, 0)])).toBeNull();
  });
});
