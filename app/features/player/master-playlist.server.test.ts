import { beforeEach, describe, expect, it, vi } from "vitest";

const api = vi.hoisted(() => ({ signedIn: false }));

vi.mock("~/.server/api/handle", () => ({
  requestApi: () => ({
    get signedIn() {
      return api.signedIn;
    },
    releases: {
      episode: async () => ({ hls480: "https://cache.example/480.m3u8", hls720: "https://cache.example/720.m3u8", hls1080: null }),
    },
  }),
}));

const { loadMasterPlaylist } = await import("./master-playlist.server");

const request = new Request("http://localhost/anime/video/episode/abc/master.m3u8");

beforeEach(() => {
  api.signedIn = false;
});

describe("loadMasterPlaylist", () => {
  it("lets a shared cache keep a visitor's playlist, varying on the cookie", async () => {
    const response = await loadMasterPlaylist({ request }, "abc");
    expect(response.headers.get("Cache-Control")).toMatch(/^public, max-age=300/);
    expect(response.headers.get("Vary")).toBe("Cookie");
    expect(await response.text()).toContain("https://cache.example/720.m3u8");
  });

  it("keeps a playlist fetched with the viewer's token private", async () => {
    api.signedIn = true;
    const response = await loadMasterPlaylist({ request }, "abc");
    expect(response.headers.get("Cache-Control")).toBe("private, max-age=300");
    expect(response.headers.get("Cache-Control")).not.toContain("public");
  });
});
