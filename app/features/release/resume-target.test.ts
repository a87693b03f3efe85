import { describe, expect, it } from "vitest";
import { EMPTY_IMAGE } from "~/domain/image";
import type { Episode } from "~/domain/release";
import { episodeState } from "./episode-state";
import { resumeFromRecent, resumeTarget, type EpisodeProgress } from "./resume-target";

function episode(id: string, ordinal: number): Episode {
  return {
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
    duration: 1440,
    rutubeId: null,
    youtubeId: null,
    updatedAt: null,
    sortOrder: ordinal,
  };
}

const episodes = [episode("e1", 1), episode("e2", 2), episode("e3", 3)];
const progress = (entries: Record<string, EpisodeProgress>) => new Map(Object.entries(entries));

describe("episode state", () => {
  it("is watched by the player's mark, in progress for any position short of it, nothing otherwise", () => {
    expect(episodeState({ time: 10, isWatched: true })).toBe("watched");
    expect(episodeState({ time: 0, isWatched: true })).toBe("watched");
    expect(episodeState({ time: 1000, isWatched: false })).toBe("in-progress");
    expect(episodeState({ time: 0, isWatched: false })).toBeNull();
    expect(episodeState(undefined)).toBeNull();
  });
});

describe("resume target", () => {
  it("starts at the first episode without progress", () => {
    expect(resumeTarget(episodes, progress({}))).toEqual({ kind: "start", episode: episodes[0] });
    expect(resumeTarget(episodes, progress({ e2: { time: 0, isWatched: false } }))).toEqual({ kind: "start", episode: episodes[0] });
  });

  it("continues the episode in progress at its position", () => {
    expect(resumeTarget(episodes, progress({ e2: { time: 1000, isWatched: false } }))).toEqual({
      kind: "continue",
      episode: episodes[1],
      time: 1000,
    });
  });

  it("goes on to the episode after the last watched one", () => {
    expect(resumeTarget(episodes, progress({ e1: { time: 1400, isWatched: true } }))).toEqual({ kind: "next", episode: episodes[1] });
  });

  it("follows the furthest episode with progress, not an earlier one left unfinished", () => {
    const mixed = progress({ e1: { time: 300, isWatched: false }, e2: { time: 1400, isWatched: true } });
    expect(resumeTarget(episodes, mixed)).toEqual({ kind: "next", episode: episodes[2] });
  });

  it("starts over when the last episode is watched, and has nothing for a release without episodes", () => {
    expect(resumeTarget(episodes, progress({ e3: { time: 1400, isWatched: true } }))).toEqual({ kind: "start", episode: episodes[0] });
    expect(resumeTarget([], progress({}))).toBeNull();
  });
});

describe("a long release's place from this browser's last episode", () => {
  const episode = { id: "e500", ordinal: 500, name: null };
  const fallback = { kind: "start" as const, episode: { id: "e1", ordinal: 1, name: null } };

  it("continues an unfinished episode, goes on after a watched one, and otherwise takes the server's answer", () => {
    expect(resumeFromRecent({ episode, time: 600, isWatched: false }, fallback)).toEqual({ kind: "continue", episode, time: 600 });
    expect(resumeFromRecent({ episode, time: 1400, isWatched: true }, fallback)).toEqual({ kind: "after", episode });
    expect(resumeFromRecent({ episode, time: 0, isWatched: false }, fallback)).toBe(fallback);
    expect(resumeFromRecent(null, fallback)).toBe(fallback);
    expect(resumeFromRecent(null, null)).toBeNull();
  });
});
