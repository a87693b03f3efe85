import { describe, expect, it } from "vitest";
import { readTimecodeWireEntry, readTimecodeWireList, toTimecodeWire } from "./timecode-wire";

describe("the timecode wire format", () => {
  it("reads the live tuple form and the document's object form", () => {
    expect(
      readTimecodeWireList([
        ["a", 12.5, true],
        [7, 3, false],
      ]),
    ).toEqual([
      { releaseEpisodeId: "a", time: 12.5, isWatched: true },
      { releaseEpisodeId: "7", time: 3, isWatched: false },
    ]);
    expect(readTimecodeWireList({ data: [{ release_episode_id: "c", time: 4, is_watched: 1 }] })).toEqual([
      { releaseEpisodeId: "c", time: 4, isWatched: false },
    ]);
  });

  it("reads back what it writes", () => {
    const entries = [
      { releaseEpisodeId: "a", time: 30, isWatched: false },
      { releaseEpisodeId: "b", time: 1400, isWatched: true },
    ];
    expect(toTimecodeWire(entries)).toEqual([
      { time: 30, is_watched: false, release_episode_id: "a" },
      { time: 1400, is_watched: true, release_episode_id: "b" },
    ]);
    expect(readTimecodeWireList(JSON.parse(JSON.stringify(toTimecodeWire(entries))))).toEqual(entries);
  });

  it("refuses an item without an episode id or a time", () => {
    for (const item of [["a"], [null, 3, true], ["", 3, true], { time: 3 }, { release_episode_id: "a", time: "3" }, null, "x"]) {
      expect(readTimecodeWireEntry(item)).toBeNull();
    }
    expect(readTimecodeWireList([["a"], null, { time: 3 }, "x", ["b", 1, true]])).toEqual([
      { releaseEpisodeId: "b", time: 1, isWatched: true },
    ]);
    expect(readTimecodeWireList("nope")).toEqual([]);
  });
});
