import { describe, expect, it } from "vitest";
import { collectionOf, timecodeOf } from "./account";
import { isKnownValue } from "./enumeration";
import { EMPTY_IMAGE, imageSource } from "./image";
import { hasNextPage } from "./pagination";
import { RELEASE_TYPES, releaseTitle } from "./release";

describe("domain helpers", () => {
  it("prefers the optimized image and falls back to the original", () => {
    const image = { preview: "/a.jpg", thumbnail: "/a-t.jpg", optimized: { preview: "/a.webp", thumbnail: null } };
    expect(imageSource(image)).toBe("/a.webp");
    expect(imageSource(image, "thumbnail")).toBe("/a-t.jpg");
    expect(imageSource(EMPTY_IMAGE)).toBeNull();
  });

  it("tells known enum values from unknown text", () => {
    expect(isKnownValue(RELEASE_TYPES, "TV")).toBe(true);
    expect(isKnownValue(RELEASE_TYPES, "SHORT")).toBe(false);
    expect(isKnownValue(RELEASE_TYPES, null)).toBe(false);
  });

  it("finds a release's collection and an episode's timecode", () => {
    expect(collectionOf([{ releaseId: 1, type: "WATCHING" }], 1)).toBe("WATCHING");
    expect(collectionOf([], 1)).toBeNull();
    expect(timecodeOf([{ releaseEpisodeId: "e", time: 3, isWatched: true }], "e")?.time).toBe(3);
  });

  it("knows when there is a next page, and which title to show", () => {
    const pagination = { total: 3, count: 1, perPage: 1, currentPage: 1, totalPages: 3, links: { next: null, previous: null } };
    expect(hasNextPage(pagination)).toBe(true);
    expect(hasNextPage({ ...pagination, currentPage: 3 })).toBe(false);
    expect(releaseTitle({ name: { main: "", english: "Eng" } })).toBe("Eng");
  });
});
