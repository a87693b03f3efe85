import { describe, expect, it } from "vitest";
import { estimatedBytes, offlinePartPath, offlinePlaylistOf, offlinePlaylistPath, PlaylistError, spaceShortfall } from "./offline-playlist";

const URL_480 = "https://cdn.example/video/demo/480/index.m3u8";

const VOD = `#EXTM3U
#EXT-X-VERSION:3
#EXT-X-TARGETDURATION:2
#EXT-X-PLAYLIST-TYPE:VOD
#EXTINF:1.5,
segment-000.ts
#EXTINF:2.000000,
segment-001.ts

#EXTINF:2.0,
/other/segment-002.ts
#EXT-X-ENDLIST
`;

describe("offlinePlaylistOf", () => {
  it("lists every segment as an absolute address and rewrites the playlist to the saved copies", () => {
    const result = offlinePlaylistOf(VOD, URL_480, "ep 1");
    expect(result.sources).toEqual([
      "https://cdn.example/video/demo/480/segment-000.ts",
      "https://cdn.example/video/demo/480/segment-001.ts",
      "https://cdn.example/other/segment-002.ts",
    ]);
    expect(result.duration).toBeCloseTo(5.5);
    const lines = result.localPlaylist.trim().split("\n");
    expect(lines).toContain("/offline-episodes/ep%201/part-0000");
    expect(lines).toContain("/offline-episodes/ep%201/part-0002");
    expect(lines).toContain("#EXT-X-ENDLIST");
    expect(result.localPlaylist).not.toContain("segment-");
  });

  it("saves the init section and the key once each, and points the playlist at them", () => {
    const fmp4 = `#EXTM3U
#EXT-X-MAP:URI="init.mp4"
#EXT-X-KEY:METHOD=AES-128,URI="https://keys.example/k1",IV=0x1
#EXTINF:4,
a.m4s
#EXTINF:4,
b.m4s
#EXT-X-ENDLIST`;
    const result = offlinePlaylistOf(fmp4, URL_480, "7");
    expect(result.sources).toEqual([
      "https://cdn.example/video/demo/480/init.mp4",
      "https://keys.example/k1",
      "https://cdn.example/video/demo/480/a.m4s",
      "https://cdn.example/video/demo/480/b.m4s",
    ]);
    expect(result.localPlaylist).toContain('#EXT-X-MAP:URI="/offline-episodes/7/part-0000"');
    expect(result.localPlaylist).toContain('#EXT-X-KEY:METHOD=AES-128,URI="/offline-episodes/7/part-0001",IV=0x1');
  });

  it("refuses what cannot be saved as one rendition of whole files", () => {
    expect(() => offlinePlaylistOf("<html>", URL_480, "1")).toThrow(PlaylistError);
    expect(() => offlinePlaylistOf("#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\n480.m3u8\n#EXT-X-ENDLIST", URL_480, "1")).toThrow(
      /multi-variant/,
    );
    expect(() => offlinePlaylistOf("#EXTM3U\n#EXTINF:2,\na.ts\n", URL_480, "1")).toThrow(/VOD/);
    expect(() => offlinePlaylistOf("#EXTM3U\n#EXT-X-BYTERANGE:100@0\n#EXTINF:2,\na.ts\n#EXT-X-ENDLIST", URL_480, "1")).toThrow(
      /byte-range/,
    );
    expect(() => offlinePlaylistOf("#EXTM3U\n#EXT-X-ENDLIST", URL_480, "1")).toThrow(/no segments/);
  });

  it("names saved files under the episode", () => {
    expect(offlinePlaylistPath("a/b")).toBe("/offline-episodes/a%2Fb/playlist.m3u8");
    expect(offlinePartPath("x", 12)).toBe("/offline-episodes/x/part-0012");
  });
});

describe("size before saving", () => {
  it("is the duration times the nominal bitrate, in bytes", () => {
    expect(estimatedBytes(24, 900_000)).toBe(2_700_000);
    expect(estimatedBytes(-3, 900_000)).toBe(0);
  });

  it("reports a shortfall only when the browser's free space is below what is needed", () => {
    expect(spaceShortfall(500, { quota: 1000, usage: 700 })).toEqual({ needed: 500, available: 300 });
    expect(spaceShortfall(200, { quota: 1000, usage: 700 })).toBeNull();
    expect(spaceShortfall(200, { quota: 100, usage: 700 })).toEqual({ needed: 200, available: 0 });
    expect(spaceShortfall(200, {})).toBeNull();
    expect(spaceShortfall(200, null)).toBeNull();
  });
});
