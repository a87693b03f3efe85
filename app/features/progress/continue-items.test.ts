import { describe, expect, it } from "vitest";
import { EpisodeSchema, ReleaseSchema, toEpisode, toRelease } from "~/.server/api/release-schema";
import { episodeFixture, MEDIA_ORIGIN, releaseFixture } from "~/.server/api/test-fixtures";
import type { Release } from "~/domain/release";
import { continueItemsFromLocal } from "./continue-items";
import { continueItemsOf, continueListIdsOf } from "./continue-watching.server";
import { EMPTY_PROGRESS, withTimecode } from "./local-progress";
import type { EpisodeProgress } from "./watch-place";

function release(id: number, ordinals: number[], change: Partial<Release> = {}): Release {
  const base = toRelease(ReleaseSchema.parse(releaseFixture()), MEDIA_ORIGIN);
  const episodes = ordinals.map((ordinal) => ({
    ...toEpisode(EpisodeSchema.parse(episodeFixture()), MEDIA_ORIGIN),
    id: `r${id}-e${ordinal}`,
    ordinal,
    sortOrder: ordinal,
    duration: 1440,
    ending: null,
  }));
  return { ...base, id, alias: `release-${id}`, episodes: [...episodes].reverse(), ...change };
}

const watched: EpisodeProgress = { time: 1440, isWatched: true };
const progressOf = (entries: Record<string, EpisodeProgress>) => new Map(Object.entries(entries));
const noLists = continueListIdsOf([], []);

describe("«Продолжить просмотр» for a signed-in viewer", () => {
  it("keeps a series whose first episode is watched, with the next one out", () => {
    const items = continueItemsOf([release(1, [1, 2])], progressOf({ "r1-e1": watched }), noLists);
    expect(items).toEqual([expect.objectContaining({ releaseId: 1, episodeId: "r1-e2", episodeOrdinal: 2, time: 0 })]);
  });

  it("goes on with the next episode at its position when the earlier one was marked watched after it", () => {
    const items = continueItemsOf(
      [release(1, [1, 2, 3])],
      progressOf({ "r1-e1": watched, "r1-e2": { time: 13, isWatched: false } }),
      noLists,
    );
    expect(items).toEqual([expect.objectContaining({ episodeId: "r1-e2", time: 13 })]);
  });

  it("drops a series once its last released episode is watched, one never started, and one blocked by the copyright holder", () => {
    const progress = progressOf({ "r1-e2": watched, "r3-e1": { time: 50, isWatched: false } });
    const releases = [release(1, [1, 2]), release(2, [1, 2]), release(3, [1, 2], { isBlockedByCopyrights: true })];
    expect(continueItemsOf(releases, progress, noLists)).toEqual([]);
  });

  it("keeps the order the releases were last watched in", () => {
    const progress = progressOf({ "r1-e1": { time: 5, isWatched: false }, "r2-e1": { time: 5, isWatched: false } });
    expect(continueItemsOf([release(2, [1]), release(1, [1])], progress, noLists).map((item) => item.releaseId)).toEqual([2, 1]);
  });
});

describe("«Продолжить просмотр» and the viewer's lists (decision 0282)", () => {
  const progress = progressOf({ "r1-e1": { time: 13, isWatched: false }, "r2-e1": watched, "r3-e1": watched });
  const releases = [release(1, [1, 2]), release(2, [1, 2]), release(3, [1, 2])];
  const shown = (favoriteIds: number[], collections: Parameters<typeof continueListIdsOf>[1]) =>
    continueItemsOf(releases, progress, continueListIdsOf(favoriteIds, collections)).map((item) => item.releaseId);

  it("never offers a release in «Брошено», unfinished or with its next episode out", () => {
    expect(shown([], [])).toEqual([1, 2, 3]);
    expect(
      shown(
        [],
        [
          { releaseId: 1, type: "ABANDONED" },
          { releaseId: 2, type: "ABANDONED" },
        ],
      ),
    ).toEqual([3]);
  });

  it("leaves a next episode of a favorite or of «Смотрю» to «Вышли новые серии», and keeps an unfinished one", () => {
    expect(shown([1, 2], [{ releaseId: 3, type: "WATCHING" }])).toEqual([1]);
    expect(shown([], [{ releaseId: 3, type: "PLANNED" }])).toEqual([1, 2, 3]);
  });
});

describe("«Продолжить просмотр» for a visitor (this browser's progress)", () => {
  const card = { releaseId: 7, alias: "demo", title: "Демо", poster: null, episodeOrdinal: 1, duration: 1440 };
  const second = { id: "e2", ordinal: 2, duration: 1440 };

  it("keeps a series whose first episode of two is finished, leading to the second", () => {
    const progress = withTimecode(EMPTY_PROGRESS, "e1", { ...watched, updatedAt: 1 }, { ...card, nextEpisode: second });
    expect(continueItemsFromLocal(progress)).toEqual([
      expect.objectContaining({ releaseId: 7, episodeId: "e2", episodeOrdinal: 2, time: 0 }),
    ]);
  });

  it("goes on at the next episode's own position when it was started here", () => {
    let progress = withTimecode(
      EMPTY_PROGRESS,
      "e2",
      { time: 13, isWatched: false, updatedAt: 1 },
      { ...card, episodeOrdinal: 2, nextEpisode: null },
    );
    progress = withTimecode(progress, "e1", { ...watched, updatedAt: 2 }, { ...card, nextEpisode: second });
    expect(continueItemsFromLocal(progress)).toEqual([expect.objectContaining({ episodeId: "e2", time: 13 })]);
  });

  it("continues an unfinished episode and drops the last one out once watched", () => {
    let progress = withTimecode(
      EMPTY_PROGRESS,
      "a1",
      { time: 40, isWatched: false, updatedAt: 1 },
      { ...card, releaseId: 1, nextEpisode: null },
    );
    progress = withTimecode(progress, "b2", { ...watched, updatedAt: 2 }, { ...card, releaseId: 2, episodeOrdinal: 2, nextEpisode: null });
    expect(continueItemsFromLocal(progress)).toEqual([expect.objectContaining({ releaseId: 1, episodeId: "a1", time: 40 })]);
  });
});
