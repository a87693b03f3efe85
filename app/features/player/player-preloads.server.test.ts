import { describe, expect, it, vi } from "vitest";
import type { PlayerEpisode } from "~/features/video-engine/player-data";
import { firstSegmentUrls, playerPreloads } from "./player-preloads.server";

const URL_480 = "https://cdn.example/e1/480/index.m3u8";

const networkTransport = vi.hoisted(() => vi.fn());
vi.mock("~/.server/api/transport", () => ({ isEmbeddedUpstream: () => false, embeddedTransport: vi.fn(), networkTransport }));

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

describe("player preloads", () => {
  const episode = (id: string, url: string | null): PlayerEpisode => ({
    id,
    name: null,
    ordinal: 1,
    opening: null,
    ending: null,
    preview: null,
    duration: 24,
    renditions: url ? [{ height: 480, url }] : [],
    rutubeId: null,
    youtubeId: null,
  });
  const request = new Request("https://site.example/anime/video/episode/e1");

  it("asks for the playlists and the first segment, reading each playlist once", async () => {
    networkTransport.mockImplementation(async () => new Response("#EXTM3U\n#EXTINF:1.0,\nsegment-000.ts\n"));
    const url = "https://cdn.example/e1/480/index.m3u8";
    const expected = ["/anime/video/episode/e1/master.m3u8", url, "https://cdn.example/e1/480/segment-000.ts"];
    expect((await playerPreloads(request, episode("e1", url))).fetches).toEqual(expected);
    expect((await playerPreloads(request, episode("e1", url))).fetches).toEqual(expected);
    expect(networkTransport).toHaveBeenCalledTimes(1);
  });

  it("leaves the segment out when playback resumes later on or the host fails", async () => {
    const url = "https://cdn.example/e2/480/index.m3u8";
    networkTransport.mockImplementation(async () => new Response("missing", { status: 404 }));
    expect((await playerPreloads(request, episode("e2", url), 42)).fetches).toEqual(["/anime/video/episode/e2/master.m3u8", url]);
    expect((await playerPreloads(request, episode("e2", url))).fetches).toEqual(["/anime/video/episode/e2/master.m3u8", url]);
    expect(await playerPreloads(request, episode("e3", null))).toEqual({ hlsChunk: null, earlyEngineChunks: [], fetches: [] });
  });

  it("leaves the segment out for a link to a moment, whose early start plays from there", async () => {
    networkTransport.mockImplementation(async () => new Response("#EXTM3U\n#EXTINF:1.0,\nsegment-000.ts\n"));
    const url = "https://cdn.example/e4/480/index.m3u8";
    const preloads = await playerPreloads(request, episode("e4", url), 0, 754);
    expect(preloads.fetches).toEqual(["/anime/video/episode/e4/master.m3u8", url]);
  });

  it.each([
    ["the browser's Save-Data", { "Save-Data": "on" }],
    ["the low-data switch", { Cookie: "low_data=on" }],
  ])("asks for nothing of the stream in low-data mode (%s)", async (_by, headers) => {
    networkTransport.mockClear();
    networkTransport.mockImplementation(async () => new Response("#EXTM3U\n#EXTINF:1.0,\nsegment-000.ts\n"));
    const lowData = new Request("https://site.example/anime/video/episode/e5", { headers });
    const preloads = await playerPreloads(lowData, episode("e5", "https://cdn.example/e5/480/index.m3u8"));
    expect(preloads).toEqual({ hlsChunk: null, earlyEngineChunks: [], fetches: [] });
    expect(networkTransport).not.toHaveBeenCalled();
  });
});
