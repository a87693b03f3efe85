import { describe, expect, it, vi } from "vitest";
import { startCastSession } from "./cast-session";
import type { CastState, CastTarget } from "./cast-state";

/** A RemotePlayback that reports what the test tells it to, in place of the browser's. */
class FakeRemotePlayback extends EventTarget {
  state: RemotePlaybackState = "disconnected";
  availabilityCallback: ((available: boolean) => void) | null = null;
  cancelled: number[] = [];
  constructor(
    private readonly watchAnswer: () => Promise<number>,
    readonly prompt: () => Promise<void> = () => Promise.resolve(),
  ) {
    super();
  }
  watchAvailability(callback: (available: boolean) => void) {
    this.availabilityCallback = callback;
    return this.watchAnswer();
  }
  cancelWatchAvailability(id: number) {
    this.cancelled.push(id);
    return Promise.resolve();
  }
  fire(name: "connecting" | "connect" | "disconnect") {
    this.state = name === "connect" ? "connected" : name === "connecting" ? "connecting" : "disconnected";
    this.dispatchEvent(new Event(name));
  }
}

type FakeVideo = EventTarget & {
  remote?: FakeRemotePlayback;
  currentTime: number;
  currentSrc: string;
  src: string;
  paused: boolean;
  play(): Promise<void>;
  webkitShowPlaybackTargetPicker?(): void;
  webkitCurrentPlaybackTargetIsWireless?: boolean;
};

function fakeVideo(parts: Partial<FakeVideo>): FakeVideo {
  return Object.assign(new EventTarget(), {
    currentTime: 0,
    currentSrc: "blob:http://localhost/episode",
    src: "",
    paused: false,
    play: vi.fn(() => Promise.resolve()),
    ...parts,
  });
}

function start(video: FakeVideo, target: CastTarget) {
  const states: CastState[] = [];
  const said: string[] = [];
  const returned: number[] = [];
  const session = startCastSession(video as unknown as HTMLVideoElement, target, {
    onState: (state) => states.push(state),
    announce: (message) => said.push(message),
    onReturned: (position) => returned.push(position),
  });
  return { session, states, said, returned, last: () => states.at(-1)! };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("a cast session on the Remote Playback API", () => {
  it("hands hls.js's position over with the plain address, says where it plays, and gives back the device's position", async () => {
    const remote = new FakeRemotePlayback(() => Promise.resolve(7));
    const video = fakeVideo({ remote, currentTime: 42.4 });
    const cast = start(video, "remote-playback");
    expect(cast.last().phase).toBe("no-device");
    remote.availabilityCallback!(true);
    expect(cast.last().phase).toBe("available");

    remote.fire("connecting");
    remote.fire("connect");
    expect(cast.last()).toMatchObject({ phase: "connected", handedOverAt: 42.4 });
    cast.session.handOver("/anime/video/episode/e1/master.m3u8", 42.4);
    expect(video.src).toBe("/anime/video/episode/e1/master.m3u8");
    expect(video.currentTime).toBe(42.4);
    expect(video.play).toHaveBeenCalled();

    video.currentTime = 130.6;
    remote.fire("disconnect");
    expect(cast.returned).toEqual([130.6]);
    expect(cast.said).toEqual([
      "Подключение к устройству…",
      "Воспроизводится на другом устройстве",
      "Трансляция завершена, продолжаем здесь с 2:10",
    ]);
  });

  it("offers the button where the browser cannot watch for devices (only its picker can tell), and not where casting is off", async () => {
    const unsupported = new FakeRemotePlayback(() => Promise.reject(new DOMException("background", "NotSupportedError")));
    const offered = start(fakeVideo({ remote: unsupported }), "remote-playback");
    await settle();
    expect(offered.last().phase).toBe("available");

    const disabled = new FakeRemotePlayback(() => Promise.reject(new DOMException("disabled", "InvalidStateError")));
    const refused = start(fakeVideo({ remote: disabled }), "remote-playback");
    await settle();
    expect(refused.last().phase).toBe("no-device");
  });

  it("says nothing when the picker is closed, and says when no device was found", async () => {
    let answer: Promise<void> = Promise.reject(new DOMException("closed", "NotAllowedError"));
    const remote = new FakeRemotePlayback(
      () => Promise.resolve(1),
      () => answer,
    );
    const cast = start(fakeVideo({ remote }), "remote-playback");
    remote.availabilityCallback!(true);
    cast.session.prompt();
    await settle();
    expect(cast.said).toEqual([]);
    answer = Promise.reject(new DOMException("none", "NotFoundError"));
    cast.session.prompt();
    await settle();
    expect(cast.said).toEqual(["Устройство для трансляции не найдено"]);
    expect(cast.last().phase).toBe("no-device");
  });

  it("stops watching for devices and listening when it stops", async () => {
    const remote = new FakeRemotePlayback(() => Promise.resolve(3));
    const cast = start(fakeVideo({ remote }), "remote-playback");
    await settle();
    cast.session.stop();
    expect(remote.cancelled).toEqual([3]);
    const before = cast.states.length;
    remote.fire("connect");
    expect(cast.states.length).toBe(before);
  });
});

describe("a cast session on AirPlay", () => {
  it("follows Safari's availability and wireless-target events, handing nothing over from the browser's own HLS", () => {
    const video = fakeVideo({
      currentSrc: "https://example.test/anime/video/episode/e1/master.m3u8",
      currentTime: 12,
      webkitShowPlaybackTargetPicker: vi.fn(),
      webkitCurrentPlaybackTargetIsWireless: false,
    });
    const cast = start(video, "airplay");
    video.dispatchEvent(Object.assign(new Event("webkitplaybacktargetavailabilitychanged"), { availability: "available" }));
    expect(cast.last().phase).toBe("available");
    cast.session.prompt();
    expect(video.webkitShowPlaybackTargetPicker).toHaveBeenCalled();

    video.webkitCurrentPlaybackTargetIsWireless = true;
    video.dispatchEvent(new Event("webkitcurrentplaybacktargetiswirelesschanged"));
    expect(cast.last()).toMatchObject({ phase: "connected", handedOverAt: null });
    expect(cast.said).toEqual(["Воспроизводится на устройстве AirPlay"]);

    video.webkitCurrentPlaybackTargetIsWireless = false;
    video.dispatchEvent(new Event("webkitcurrentplaybacktargetiswirelesschanged"));
    expect(cast.last().phase).toBe("available");
    expect(cast.returned).toEqual([]);
    expect(cast.said.at(-1)).toBe("Трансляция завершена");

    video.dispatchEvent(Object.assign(new Event("webkitplaybacktargetavailabilitychanged"), { availability: "not-available" }));
    expect(cast.last().phase).toBe("no-device");
  });
});
