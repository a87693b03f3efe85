import { describe, expect, it } from "vitest";
import { EMPTY_IMAGE } from "~/domain/image";
import type { Episode } from "~/domain/release";
import { latestEpisodeOf } from "./latest-episode";

const episode = (id: string, sortOrder: number | null, ordinal: number | null): Episode => ({
  id,
  name: null,
  nameEnglish: null,
  ordinal,
  opening: null,
  ending: null,
  preview: EMPTY_IMAGE,
  hls480: null,
  hls720: null,
  hls1080: null,
  duration: null,
  rutubeId: null,
  youtubeId: null,
  updatedAt: null,
  sortOrder,
});

describe("latestEpisodeOf", () => {
  it("takes the episode that comes last in the release's order, whatever the list order", () => {
    expect(latestEpisodeOf([episode("b", 2, 2), episode("c", 3, 2.5), episode("a", 1, 1)])?.id).toBe("c");
  });

  it("falls back to the ordinal when there is no sort order", () => {
    expect(latestEpisodeOf([episode("a", null, 7), episode("b", null, 3)])?.id).toBe("a");
  });

  it("is null for a release without episodes", () => {
    expect(latestEpisodeOf([])).toBeNull();
  });
});
