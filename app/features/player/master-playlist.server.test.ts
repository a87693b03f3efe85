import type { AppLoadContext } from "@remix-run/node";
import { beforeEach, describe, expect, it } from "vitest";
import { loadMasterPlaylist } from "./master-playlist.server";

const api = { signedIn: false };

/** A load context whose handle answers the one call the playlist makes. */
const context = {
  clientIp: null,
  api: {
    get signedIn() {
      return api.signedIn;
    },
    releases: {
      episode: async () => ({ hls480: "https://cache.example/480.m3u8", hls720: "https://cache.example/720.m3u8", hls1080: null }),
    },
  },
} as unknown as AppLoadContext;

const request = new Request("http://localhost/anime/video/episode/abc/master.m3u8");

beforeEach(() => {
  api.signedIn = false;
});

describe("loadMasterPlaylist", () => {
  it("lets a shared cache keep a visitor's playlist, varying on the cookie", async () => {
    const response = await loadMasterPlaylist({ request, context }, "abc");
    expect(response.headers.get("Cache-Control")).toMatch(/^public, max-age=300/);
    expect(response.headers.get("Vary")).toBe("Cookie");
    expect(await response.text()).toContain("https://cache.example/720.m3u8");
  });

  it("keeps a playlist fetched with the viewer's token private", async () => {
    api.signedIn = true;
    const response = await loadMasterPlaylist({ request, context }, "abc");
    expect(response.headers.get("Cache-Control")).toBe("private, max-age=300");
    expect(response.headers.get("Cache-Control")).not.toContain("public");
  });
});
