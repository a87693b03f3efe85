import { describe, expect, it } from "vitest";
import { memoryStorage } from "../../../tests/support/memory-storage";
import {
  EMPTY_PROGRESS,
  loadLocalProgress,
  LOCAL_PROGRESS_KEY,
  MAX_LOCAL_TIMECODES,
  MAX_RECENT_RELEASES,
  parseLocalProgress,
  saveLocalProgress,
  withoutTimecode,
  withTimecode,
} from "./local-progress";

const release = { releaseId: 7, alias: "demo", title: "Демо", poster: null, episodeOrdinal: 1, duration: 24, nextEpisode: null };

describe("local progress", () => {
  it("records a timecode and the release card, replacing the release's older card", () => {
    let progress = withTimecode(EMPTY_PROGRESS, "e1", { time: 10, isWatched: false, updatedAt: 1 }, release);
    progress = withTimecode(progress, "e2", { time: 4, isWatched: false, updatedAt: 2 }, { ...release, episodeOrdinal: 2 });
    expect(progress.timecodes).toEqual({
      e1: { time: 10, isWatched: false, updatedAt: 1 },
      e2: { time: 4, isWatched: false, updatedAt: 2 },
    });
    expect(progress.recent).toHaveLength(1);
    expect(progress.recent[0]).toMatchObject({ episodeId: "e2", episodeOrdinal: 2, time: 4 });
  });

  it("keeps within its caps, dropping the oldest", () => {
    let progress = EMPTY_PROGRESS;
    for (let index = 0; index <= MAX_LOCAL_TIMECODES; index++) {
      progress = withTimecode(progress, `e${index}`, { time: 1, isWatched: false, updatedAt: index }, { ...release, releaseId: index });
    }
    expect(Object.keys(progress.timecodes)).toHaveLength(MAX_LOCAL_TIMECODES);
    expect(progress.timecodes.e0).toBeUndefined();
    expect(progress.recent).toHaveLength(MAX_RECENT_RELEASES);
    expect(progress.recent[0]?.releaseId).toBe(MAX_LOCAL_TIMECODES);
  });

  it("forgets a release's card with its episode's timecode", () => {
    let progress = withTimecode(EMPTY_PROGRESS, "e1", { time: 10, isWatched: false, updatedAt: 1 }, release);
    progress = withTimecode(progress, "e9", { time: 23, isWatched: true, updatedAt: 2 }, { ...release, releaseId: 9 });
    expect(withoutTimecode(progress, "e1").recent.map((item) => item.releaseId)).toEqual([9]);
  });

  it("keeps the episode after the played one, and reads a card stored without it", () => {
    const next = { id: "e2", ordinal: 2, duration: 1440 };
    const progress = withTimecode(EMPTY_PROGRESS, "e1", { time: 1, isWatched: true, updatedAt: 1 }, { ...release, nextEpisode: next });
    expect(parseLocalProgress(JSON.parse(JSON.stringify(progress))).recent[0]?.nextEpisode).toEqual(next);
    const { nextEpisode: _dropped, ...older } = progress.recent[0]!;
    expect(parseLocalProgress({ timecodes: {}, recent: [older] }).recent[0]?.nextEpisode).toBeNull();
  });

  it("drops broken stored entries one by one", () => {
    const parsed = parseLocalProgress({
      timecodes: { good: { time: 3, isWatched: true, updatedAt: 5 }, bad: { time: "x" }, negative: { time: -1, updatedAt: 1 } },
      recent: [{ releaseId: "x" }, { ...release, episodeId: "good", time: 3, isWatched: false, updatedAt: 5 }],
    });
    expect(Object.keys(parsed.timecodes)).toEqual(["good"]);
    expect(parsed.recent).toHaveLength(1);
    expect(parseLocalProgress("garbage")).toEqual(EMPTY_PROGRESS);
  });

  it("round-trips through storage", () => {
    const storage = memoryStorage();
    const progress = withTimecode(EMPTY_PROGRESS, "e1", { time: 10, isWatched: false, updatedAt: 1 }, release);
    expect(saveLocalProgress(progress, storage)).toBe(true);
    expect(storage.values.has(LOCAL_PROGRESS_KEY)).toBe(true);
    expect(loadLocalProgress(storage)).toEqual(progress);
    expect(loadLocalProgress(null)).toEqual(EMPTY_PROGRESS);
  });
});
