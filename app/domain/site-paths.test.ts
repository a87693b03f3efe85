import { describe, expect, it } from "vitest";
import { episodePath, franchisePath, genreReleasesPath, masterPlaylistPath, queuePath, releasePath } from "./site-paths";

describe("site paths", () => {
  it("builds each page's address", () => {
    expect(releasePath("some-show")).toBe("/anime/releases/release/some-show");
    expect(episodePath("e-1")).toBe("/anime/video/episode/e-1");
    expect(queuePath("e-1")).toBe("/anime/video/queue/e-1");
    expect(masterPlaylistPath("e-1")).toBe("/anime/video/episode/e-1/master.m3u8");
    expect(genreReleasesPath(7)).toBe("/anime/genres/releasesOfGenre/7");
    expect(franchisePath("f-1")).toBe("/anime/franchises/f-1");
  });

  it("keeps a value that is not a plain slug inside its own path segment", () => {
    expect(releasePath("a/b?c")).toBe("/anime/releases/release/a%2Fb%3Fc");
    expect(episodePath("../x")).toBe("/anime/video/episode/..%2Fx");
    expect(franchisePath("#top")).toBe("/anime/franchises/%23top");
  });
});
