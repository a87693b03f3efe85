import { describe, expect, it } from "vitest";
import { firstSegmentUrls } from "./player-preloads.server";

const URL_480 = "https://cdn.example/e1/480/index.m3u8";

describe("first segment of a media playlist", () => {
  it("resolves the first segment against the playlist", () => {
    const playlist = "#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2.0,\nsegment-000.ts\n#EXTINF:2.0,\nsegment-001.ts\n#EXT-X-ENDLIST\n";
    expect(firstSegmentUrls(playlist, URL_480)).toEqual(["https://cdn.example/e1/480/segment-000.ts"]);
  });

  it("fetches an fMP4 init section before the first segment", () => {
    const playlist = '#EXTM3U\r\n#EXT-X-MAP:URI="/init.mp4"\r\n#EXTINF:2.0,\r\nhttps://edge.example/0.m4s\r\n';
    expect(firstSegmentUrls(playlist, URL_480)).toEqual(["https://cdn.example/init.mp4", "https://edge.example/0.m4s"]);
  });

  it("preloads nothing it cannot match or does not understand", () => {
    expect(firstSegmentUrls("#EXTM3U\n#EXT-X-BYTERANGE:1000@0\n#EXTINF:2.0,\nall.ts\n", URL_480)).toEqual([]);
    expect(firstSegmentUrls("#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\n480.m3u8\n", URL_480)).toEqual([]);
    expect(firstSegmentUrls("<html>not found</html>", URL_480)).toEqual([]);
    expect(firstSegmentUrls("#EXTM3U\n#EXT-X-ENDLIST\n", URL_480)).toEqual([]);
  });
});
