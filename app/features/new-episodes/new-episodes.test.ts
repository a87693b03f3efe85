import { describe, expect, it } from "vitest";
import { EpisodeSchema, ReleaseSchema, toEpisode, toRelease } from "~/.server/api/release-schema";
import { episodeFixture, MEDIA_ORIGIN, releaseFixture } from "~/.server/api/test-fixtures";
import type { Release } from "~/domain/release";
import { newEpisodesOf, type EpisodeProgress } from "./new-episodes";

function release(id: number, ordinals: number[], latestAt = `2026-11-${String(10 + id).padStart(2, "0")}T12:00:00Z`): Release {
  const base = toRelease(ReleaseSchema.parse(releaseFixture()), MEDIA_ORIGIN);
  const episodes = ordinals.map((ordinal, index) => ({
    ...toEpisode(EpisodeSchema.parse(episodeFixture()), MEDIA_ORIGIN),
    id: `r${id}-e${ordinal}`,
    ordinal,
    sortOrder: ordinal,
    duration: 1440,
    ending: null,
    updatedAt: index === ordinals.length - 1 ? latestAt : "2026-01-01T00:00:00Z",
  }));
  // Listed out of order on purpose: the upstream's order is not the watch order.
  return { ...base, id, alias: `release-${id}`, episodes: [...episodes].reverse() };
}

const watched: EpisodeProgress = { time: 10, isWatched: true };

describe("new episodes for the viewer", () => {
  it("lists a release with episodes after the last one watched, linking to the next one", () => {
    const items = newEpisodesOf([release(1, [1, 2, 3, 4])], new Map([["r1-e2", watched]]));
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ next: { id: "r1-e3", ordinal: 3 }, latestOrdinal: 4, newCount: 2 });
  });

  it("counts progress past the watched threshold as watched, and an early stop as not", () => {
    const nearEnd = new Map([["r1-e1", { time: 1400, isWatched: false }]]);
    expect(newEpisodesOf([release(1, [1, 2])], nearEnd)[0]?.next.id).toBe("r1-e2");
  });

  it("leaves a release with an unfinished episode to «Продолжить просмотр», and one blocked by the copyright holder out", () => {
    const halfWay = new Map([
      ["r1-e1", watched],
      ["r1-e2", { time: 600, isWatched: false }],
    ]);
    expect(newEpisodesOf([release(1, [1, 2, 3])], halfWay)).toEqual([]);
    const blocked = { ...release(2, [1, 2]), isBlockedByCopyrights: true };
    expect(newEpisodesOf([blocked], new Map([["r2-e1", watched]]))).toEqual([]);
  });

  it("leaves out releases watched to the latest episode and releases never started", () => {
    const progress = new Map([
      ["r1-e3", watched],
      ["r2-e1", { time: 3, isWatched: false }],
    ]);
    expect(newEpisodesOf([release(1, [1, 2, 3]), release(2, [1, 2]), release(3, [])], progress)).toEqual([]);
  });

  it("puts the release whose latest episode came out last first", () => {
    const progress = new Map([
      ["r1-e1", watched],
      ["r2-e1", watched],
      ["r3-e1", watched],
    ]);
    const items = newEpisodesOf(
      [release(1, [1, 2], "2026-11-02T00:00:00Z"), release(2, [1, 2], "2026-11-20T00:00:00Z"), release(3, [1, 2], "2026-11-10T00:00:00Z")],
      progress,
    );
    expect(items.map((item) => item.release.id)).toEqual([2, 3, 1]);
  });
});
