import { describe, expect, it } from "vitest";
import type { NewEpisodesItem } from "~/features/new-episodes/new-episodes";
import type { ContinueItem } from "~/features/progress/continue-items";
import { withoutNewEpisodes } from "./home-page.server";

function continueItem(releaseId: number): ContinueItem {
  return {
    releaseId,
    alias: `r${releaseId}`,
    title: `R${releaseId}`,
    poster: null,
    episodeId: `e${releaseId}`,
    episodeOrdinal: 2,
    time: 0,
    duration: null,
  };
}

function newEpisodesItem(releaseId: number): NewEpisodesItem {
  return {
    release: { id: releaseId } as NewEpisodesItem["release"],
    next: { id: `e${releaseId}`, ordinal: 2, name: null },
    latestOrdinal: 2,
    newCount: 1,
    latestAt: null,
  };
}

describe("the home page's two rows", () => {
  it("offer a release's next episode once: in «Вышли новые серии», not again in «Продолжить просмотр»", () => {
    const rows = withoutNewEpisodes([continueItem(1), continueItem(2), continueItem(3)], [newEpisodesItem(2)]);
    expect(rows?.map((item) => item.releaseId)).toEqual([1, 3]);
  });

  it("leave «Продолжить просмотр» as it is when there are no new episodes, and a visitor's null as null", () => {
    expect(withoutNewEpisodes([continueItem(1)], undefined)?.map((item) => item.releaseId)).toEqual([1]);
    expect(withoutNewEpisodes([continueItem(1)], [])?.map((item) => item.releaseId)).toEqual([1]);
    expect(withoutNewEpisodes(null, [newEpisodesItem(1)])).toBeNull();
  });
});
