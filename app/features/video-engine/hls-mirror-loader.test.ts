import type { HlsConfig, Loader, LoaderCallbacks, LoaderConfiguration, LoaderContext, LoaderStats } from "hls.js";
import { describe, expect, it, vi } from "vitest";
import { mirrorLoader } from "./hls-mirror-loader";

const MIRRORS = ["https://cache-1.example", "https://cache-2.example", "https://cache-3.example"];

/** A stand-in for hls.js's own loader: each host answers as `answers` says, and every URL asked is logged. */
function fakeBase(answers: Record<string, "ok" | "error" | "timeout">, asked: string[]) {
  return class FakeLoader implements Loader<LoaderContext> {
    context: LoaderContext | null = null;
    stats = { loaded: 0 } as LoaderStats;
    destroyed = false;
    abort() {}
    destroy() {
      this.destroyed = true;
    }
    load(context: LoaderContext, _config: LoaderConfiguration, callbacks: LoaderCallbacks<LoaderContext>) {
      this.context = context;
      asked.push(context.url);
      const answer = answers[new URL(context.url).origin] ?? "ok";
      if (answer === "ok") callbacks.onSuccess({ url: context.url, data: "#EXTM3U" }, this.stats, context, null);
      else if (answer === "error") callbacks.onError({ code: 500, text: "Internal Server Error" }, context, null, this.stats);
      else callbacks.onTimeout(this.stats, context, null);
    }
  };
}

function load(Loader: ReturnType<typeof mirrorLoader>, url: string) {
  const callbacks = { onSuccess: vi.fn(), onError: vi.fn(), onTimeout: vi.fn() };
  const context = { url, responseType: "text", type: "level" } as LoaderContext;
  new Loader({} as HlsConfig).load(context, {} as LoaderConfiguration, callbacks);
  return callbacks;
}

describe("the mirror loader", () => {
  it("loads a file that fails on one host from the next, and starts there next time", () => {
    const asked: string[] = [];
    const Loader = mirrorLoader(fakeBase({ "https://cache-1.example": "error" }, asked), MIRRORS, { index: 0 });
    const first = load(Loader, "https://cache-1.example/videos/1/480/index.m3u8");
    expect(first.onSuccess).toHaveBeenCalledOnce();
    expect(first.onError).not.toHaveBeenCalled();
    expect(first.onSuccess.mock.calls[0]![2]).toMatchObject({ url: "https://cache-2.example/videos/1/480/index.m3u8" });
    load(Loader, "https://cache-1.example/videos/1/480/seg-1.ts");
    expect(asked).toEqual([
      "https://cache-1.example/videos/1/480/index.m3u8",
      "https://cache-2.example/videos/1/480/index.m3u8",
      "https://cache-2.example/videos/1/480/seg-1.ts",
    ]);
  });

  it("goes on after a timeout too, and tells hls.js only when every host failed", () => {
    const asked: string[] = [];
    const answers = {
      "https://cache-1.example": "timeout",
      "https://cache-2.example": "error",
      "https://cache-3.example": "error",
    } as const;
    const Loader = mirrorLoader(fakeBase(answers, asked), MIRRORS, { index: 0 });
    const callbacks = load(Loader, "https://cache-1.example/seg-1.ts");
    expect(asked).toHaveLength(3);
    expect(callbacks.onError).toHaveBeenCalledOnce();
    expect(callbacks.onSuccess).not.toHaveBeenCalled();
  });

  it("leaves a file on no media host alone (our own master playlist)", () => {
    const asked: string[] = [];
    const Loader = mirrorLoader(fakeBase({}, asked), MIRRORS, { index: 1 });
    load(Loader, "https://site.example/anime/video/episode/1/master.m3u8");
    expect(asked).toEqual(["https://site.example/anime/video/episode/1/master.m3u8"]);
  });
});
