import { describe, expect, it } from "vitest";
import { adjacentEpisodes, videoSourceOf, type PlayerEpisode, type PlayerRelease } from "./player-data";

const episode: PlayerEpisode = {
  id: "e2",
  name: null,
  ordinal: 2,
  opening: null,
  ending: null,
  preview: null,
  duration: 24,
  renditions: [{ height: 720, url: "https://cdn.example/720.m3u8" }],
  rutubeId: "r1",
  youtubeId: null,
};
const release: PlayerRelease = {
  id: 1,
  alias: "demo",
  title: "Демо",
  titleEnglish: null,
  poster: null,
  isBlockedByGeo: false,
  isBlockedByCopyrights: false,
  externalPlayer: "https://player.example/demo",
};

describe("the video source", () => {
  it("prefers our HLS, then rutube, youtube, the external player", () => {
    expect(videoSourceOf(episode, release).kind).toBe("hls");
    expect(videoSourceOf({ ...episode, renditions: [] }, release)).toEqual({ kind: "rutube", id: "r1" });
    expect(videoSourceOf({ ...episode, renditions: [], rutubeId: null, youtubeId: "y1" }, release)).toEqual({ kind: "youtube", id: "y1" });
    expect(videoSourceOf({ ...episode, renditions: [], rutubeId: null }, release)).toEqual({
      kind: "external",
      url: "https://player.example/demo",
    });
    expect(videoSourceOf({ ...episode, renditions: [], rutubeId: null }, null)).toEqual({ kind: "none" });
  });

  it("says why a blocked release cannot be watched", () => {
    expect(videoSourceOf(episode, { ...release, isBlockedByCopyrights: true, isBlockedByGeo: true }).kind).toBe("blocked-copyright");
    expect(videoSourceOf(episode, { ...release, isBlockedByGeo: true }).kind).toBe("blocked-geo");
  });
});

describe("the queue", () => {
  const queue = ["e1", "e2", "e3"].map((id) => ({ id, ordinal: null, name: null, preview: null, duration: null }));
  it("finds the neighbours of an episode", () => {
    expect(adjacentEpisodes(queue, "e2")).toEqual({ previous: queue[0], next: queue[2] });
    expect(adjacentEpisodes(queue, "e1").previous).toBeNull();
    expect(adjacentEpisodes(queue, "e3").next).toBeNull();
    expect(adjacentEpisodes(queue, "x")).toEqual({ previous: null, next: null });
  });
});
