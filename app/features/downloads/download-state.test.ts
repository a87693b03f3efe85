import { describe, expect, it } from "vitest";
import { applyDownloadEvent, downloadPercent, remainingBytes, type SavedEpisode } from "./download-state";

const record = (overrides: Partial<SavedEpisode> = {}): SavedEpisode => ({
  episodeId: "e1",
  height: 480,
  episode: {
    id: "e1",
    name: null,
    ordinal: 1,
    opening: null,
    ending: null,
    preview: null,
    duration: 24,
    renditions: [],
    rutubeId: null,
    youtubeId: null,
  },
  release: null,
  sources: ["a", "b", "c", "d"],
  localPlaylist: "#EXTM3U",
  duration: 8,
  estimatedBytes: 4000,
  savedParts: 0,
  bytes: 0,
  phase: "downloading",
  failure: null,
  updatedAt: 0,
  ...overrides,
});

describe("applyDownloadEvent", () => {
  it("counts files in order and completes after the last one", () => {
    let current = record();
    for (const index of [0, 1, 2]) current = applyDownloadEvent(current, { type: "part-saved", index, bytes: 100 }, 5);
    expect(current).toMatchObject({ savedParts: 3, bytes: 300, phase: "downloading", updatedAt: 5 });
    current = applyDownloadEvent(current, { type: "part-saved", index: 3, bytes: 100 }, 6);
    expect(current).toMatchObject({ savedParts: 4, bytes: 400, phase: "complete" });
  });

  it("ignores a late answer for a file already counted, and files arriving after a pause", () => {
    const started = applyDownloadEvent(record(), { type: "part-saved", index: 0, bytes: 100 }, 1);
    expect(applyDownloadEvent(started, { type: "part-saved", index: 0, bytes: 100 }, 2)).toBe(started);
    const paused = applyDownloadEvent(started, { type: "pause" }, 3);
    expect(paused.phase).toBe("paused");
    expect(applyDownloadEvent(paused, { type: "part-saved", index: 1, bytes: 100 }, 4)).toBe(paused);
  });

  it("resumes where it stopped, from a pause or a failure, and forgets the failure", () => {
    const failed = applyDownloadEvent(record({ savedParts: 2, bytes: 200 }), { type: "fail", failure: { kind: "network" } }, 1);
    expect(failed).toMatchObject({ phase: "failed", failure: { kind: "network" } });
    const resumed = applyDownloadEvent(failed, { type: "resume" }, 2);
    expect(resumed).toMatchObject({ phase: "downloading", failure: null, savedParts: 2, bytes: 200 });
  });

  it("leaves a finished episode alone", () => {
    const complete = record({ savedParts: 4, phase: "complete" });
    for (const event of [{ type: "pause" }, { type: "resume" }, { type: "fail", failure: { kind: "network" } }] as const) {
      expect(applyDownloadEvent(complete, event, 9)).toBe(complete);
    }
  });
});

describe("progress figures", () => {
  it("shows whole percent, 100 only when every file is saved", () => {
    expect(downloadPercent({ savedParts: 0, sources: ["a", "b", "c"] })).toBe(0);
    expect(downloadPercent({ savedParts: 2, sources: ["a", "b", "c"] })).toBe(66);
    expect(downloadPercent({ savedParts: 3, sources: ["a", "b", "c"] })).toBe(100);
    expect(downloadPercent({ savedParts: 0, sources: [] })).toBe(0);
  });

  it("estimates what is left from the saved files' average, or the estimate before any file", () => {
    expect(remainingBytes(record())).toBe(4000);
    expect(remainingBytes(record({ savedParts: 2, bytes: 600 }))).toBe(600);
    expect(remainingBytes(record({ savedParts: 4, bytes: 600 }))).toBe(0);
  });
});
