import { describe, expect, it } from "vitest";
import { isDownloadCommand, unstoredRecordOf } from "./messages";

const episode = { id: "e1", name: null, ordinal: 1, renditions: [] };

describe("isDownloadCommand", () => {
  it("accepts the commands pages send", () => {
    expect(
      isDownloadCommand({ type: "offline-download:start", episode, release: null, height: 480, playlistUrl: "/p.m3u8", estimatedBytes: 1 }),
    ).toBe(true);
    expect(isDownloadCommand({ type: "offline-download:pause", episodeId: "e1" })).toBe(true);
    expect(isDownloadCommand({ type: "offline-download:delete", episodeId: "e1" })).toBe(true);
    expect(isDownloadCommand({ type: "offline-download:continue" })).toBe(true);
  });

  it("refuses anything else", () => {
    expect(isDownloadCommand(null)).toBe(false);
    expect(isDownloadCommand({ type: "cache-current-page", url: "/" })).toBe(false);
    expect(isDownloadCommand({ type: "offline-download:pause" })).toBe(false);
    expect(isDownloadCommand({ type: "offline-download:pause", episodeId: "" })).toBe(false);
    const start = { type: "offline-download:start", episode, release: null, height: 480, playlistUrl: "/p.m3u8", estimatedBytes: 1 };
    expect(isDownloadCommand({ ...start, height: 360 })).toBe(false);
    expect(isDownloadCommand({ ...start, episode: { id: 5 } })).toBe(false);
    expect(isDownloadCommand({ ...start, playlistUrl: 5 })).toBe(false);
    expect(isDownloadCommand({ ...start, release: "x" })).toBe(false);
  });
});

describe("unstoredRecordOf", () => {
  it("reads a notice's episode and the record it carries for that episode only", () => {
    const record = { episodeId: "e1", phase: "failed" };
    expect(unstoredRecordOf({ type: "offline-download:changed", episodeId: "e1" })).toEqual({ episodeId: "e1", unstored: null });
    expect(unstoredRecordOf({ type: "offline-download:changed", episodeId: "e1", unstored: record })).toEqual({
      episodeId: "e1",
      unstored: record,
    });
    expect(unstoredRecordOf({ type: "offline-download:changed", episodeId: "e2", unstored: record })).toEqual({
      episodeId: "e2",
      unstored: null,
    });
    expect(unstoredRecordOf({ type: "offline-download:changed" })).toBeNull();
    expect(unstoredRecordOf("offline-download:changed")).toBeNull();
  });
});
