import { describe, expect, it } from "vitest";
import { mirrorIndexOf, mirrorOrder, onMirror } from "./media-mirrors";

const MIRRORS = ["https://cache-1.example", "https://cache-2.example/media"];

describe("media mirrors", () => {
  it("finds the mirror a URL is on, by its whole origin and path prefix", () => {
    expect(mirrorIndexOf("https://cache-1.example/videos/1/480.m3u8", MIRRORS)).toBe(0);
    expect(mirrorIndexOf("https://cache-2.example/media/videos/1/480.m3u8", MIRRORS)).toBe(1);
    expect(mirrorIndexOf("https://cache-1.example.evil/videos/1/480.m3u8", MIRRORS)).toBe(-1);
    expect(mirrorIndexOf("/anime/video/episode/1/master.m3u8", MIRRORS)).toBe(-1);
  });

  it("moves a URL to another mirror, keeping its path and query", () => {
    expect(onMirror("https://cache-1.example/videos/1/seg-3.ts?token=a", MIRRORS, 1)).toBe(
      "https://cache-2.example/media/videos/1/seg-3.ts?token=a",
    );
    expect(onMirror("https://cache-2.example/media/videos/1/480.m3u8", MIRRORS, 0)).toBe("https://cache-1.example/videos/1/480.m3u8");
    expect(onMirror("https://elsewhere.example/videos/1/480.m3u8", MIRRORS, 1)).toBe("https://elsewhere.example/videos/1/480.m3u8");
  });

  it("tries each host once, from the one that worked last", () => {
    expect(mirrorOrder(0, 2)).toEqual([0, 1]);
    expect(mirrorOrder(1, 3)).toEqual([1, 2, 0]);
    expect(mirrorOrder(0, 0)).toEqual([]);
  });
});
