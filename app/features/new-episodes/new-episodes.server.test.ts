import { afterEach, describe, expect, it, vi } from "vitest";
import type { ApiHandle } from "~/.server/api/handle";
import { loadNewEpisodes, rememberedCounts, rememberedNewEpisodesCount } from "./new-episodes.server";

afterEach(() => {
  vi.useRealTimers();
  rememberedCounts.clear();
});

/** A signed-in viewer with nothing in their lists: the count found is 0. */
function viewer(token: string): ApiHandle {
  const calls = {
    lists: { favoriteIds: async () => [], collectionIds: async () => [] },
    timecodes: { get: async () => [] },
  };
  return { user: { token }, ...calls, optional: calls } as unknown as ApiHandle;
}

describe("the remembered new-episodes counts", () => {
  it("are kept per session for five minutes, then swept without anyone asking", async () => {
    vi.useFakeTimers();
    for (const token of ["first", "second"]) await loadNewEpisodes(viewer(token));
    expect(rememberedNewEpisodesCount(viewer("first"))).toBe(0);
    expect(rememberedCounts.size()).toBe(2);
    vi.advanceTimersByTime(5 * 60_000);
    expect(rememberedCounts.size()).toBe(0);
    expect(rememberedNewEpisodesCount(viewer("first"))).toBeNull();
  });

  it("hold at most a thousand sessions", async () => {
    for (let index = 0; index < 1100; index += 1) await loadNewEpisodes(viewer(`token-${index}`));
    expect(rememberedCounts.size()).toBe(1000);
    expect(rememberedCounts.bytes()).toBeLessThan(1000 * 300);
  });
});
