import { describe, expect, it } from "vitest";
import type { ViewHistoryEntry } from "~/domain/account";
import { EMPTY_IMAGE } from "~/domain/image";
import type { Episode, Release } from "~/domain/release";
import { continueItemFromHistory, continueItemFromLocal } from "./continue-items";

const release = {
  id: 3,
  alias: "demo",
  name: { main: "Демо", english: null, alternative: null },
  poster: EMPTY_IMAGE,
} as unknown as Release;
const episode = { id: "e5", ordinal: 5, duration: 1440 } as unknown as Episode;

describe("continue watching items", () => {
  it("come from unfinished history entries only", () => {
    const entry: ViewHistoryEntry = { release, episode, time: 600, isWatched: false, viewedAt: null };
    expect(continueItemFromHistory(entry)).toEqual({
      releaseId: 3,
      alias: "demo",
      title: "Демо",
      poster: null,
      episodeId: "e5",
      episodeOrdinal: 5,
      time: 600,
      duration: 1440,
    });
    expect(continueItemFromHistory({ ...entry, isWatched: true })).toBeNull();
    expect(continueItemFromHistory({ ...entry, episode: null })).toBeNull();
  });

  it("come from this browser's recent releases", () => {
    const item = continueItemFromLocal({
      releaseId: 3,
      alias: "demo",
      title: "Демо",
      poster: null,
      episodeId: "e5",
      episodeOrdinal: 5,
      time: 10,
      duration: 24,
      isWatched: false,
      updatedAt: 1,
    });
    expect(item).toMatchObject({ releaseId: 3, episodeId: "e5", time: 10, duration: 24 });
  });
});
