import { describe, expect, it } from "vitest";
import { parseTimecodeList } from "./account-timecodes";

describe("account timecodes from the proxy", () => {
  it("read the live tuple form and the object form", () => {
    expect(
      parseTimecodeList([
        ["a", 12.5, true],
        ["b", 3, false],
      ]),
    ).toEqual([
      { releaseEpisodeId: "a", time: 12.5, isWatched: true },
      { releaseEpisodeId: "b", time: 3, isWatched: false },
    ]);
    expect(parseTimecodeList({ data: [{ release_episode_id: "c", time: 4, is_watched: 1 }] })).toEqual([
      { releaseEpisodeId: "c", time: 4, isWatched: false },
    ]);
  });

  it("skip what it cannot read", () => {
    expect(parseTimecodeList([["a"], null, { time: 3 }, "x"])).toEqual([]);
    expect(parseTimecodeList("nope")).toEqual([]);
  });
});
