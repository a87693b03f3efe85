import { beforeEach, describe, expect, it } from "vitest";
import { rememberedIdsForTests, rememberedReleaseIdOfAlias, rememberedReleaseIdOfEpisode, rememberRelease } from "./remembered-ids.server";

const episodes = (count: number, prefix: string) => Array.from({ length: count }, (_, index) => ({ id: `${prefix}-${index}` }));

beforeEach(() => rememberedIdsForTests.clear());

describe("remembered release ids", () => {
  it("knows a release by its alias, the address it was asked by and its episodes", () => {
    rememberRelease({ id: 7, alias: "seven", episodes: episodes(2, "e") }, "7");
    expect(rememberedReleaseIdOfAlias("seven")).toBe(7);
    expect(rememberedReleaseIdOfAlias("7")).toBe(7);
    expect(rememberedReleaseIdOfEpisode("e-1")).toBe(7);
    expect(rememberedReleaseIdOfAlias("other")).toBeNull();
  });

  it("keeps no more entries than its cap, dropping the oldest", () => {
    const { byAlias, MAX_ALIASES } = rememberedIdsForTests;
    for (let id = 1; id <= MAX_ALIASES + 10; id++) rememberRelease({ id, alias: `release-${id}`, episodes: [] });
    expect(byAlias.size()).toBe(MAX_ALIASES);
    expect(rememberedReleaseIdOfAlias("release-1")).toBeNull();
    expect(rememberedReleaseIdOfAlias(`release-${MAX_ALIASES + 10}`)).toBe(MAX_ALIASES + 10);
  });

  it("remembers a bounded number of one long release's episodes, and no overlong alias", () => {
    const { byEpisode, MAX_EPISODES_PER_RELEASE } = rememberedIdsForTests;
    rememberRelease({ id: 1, alias: "x".repeat(201), episodes: episodes(MAX_EPISODES_PER_RELEASE + 100, "long") });
    expect(byEpisode.size()).toBe(MAX_EPISODES_PER_RELEASE);
    expect(rememberedReleaseIdOfAlias("x".repeat(201))).toBeNull();
  });
});
