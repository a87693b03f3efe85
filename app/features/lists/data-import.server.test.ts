import { describe, expect, it } from "vitest";
import { countEventLoopTurns } from "../../../tests/support/event-loop-turns";
import { ExportFileSchema } from "./data-file";
import { parseExportFile } from "./data-import.server";

const ids = (count: number) => Array.from({ length: count }, (_, index) => index + 1);
const file = {
  format: "anilibria-web-export",
  version: 1,
  exportedAt: "2026-11-27T10:00:00.000Z",
  favorites: ids(2_500),
  collections: ids(1_200).map((releaseId) => ({ releaseId, type: "WATCHING", extra: "dropped" })),
  timecodes: ids(300).map((index) => ({ releaseEpisodeId: `episode-${index}`, time: index * 1.5, isWatched: index % 2 === 0 })),
  somethingElse: true,
};

describe("parseExportFile", () => {
  it("reads a file exactly as the file's schema does", async () => {
    expect(await parseExportFile(file)).toEqual(ExportFileSchema.parse(file));
  });

  it("refuses what the schema refuses, an entry far down the list too", async () => {
    const favorites = [...file.favorites];
    favorites[1_800] = -4;
    expect(await parseExportFile({ ...file, favorites })).toBeNull();
    expect(ExportFileSchema.safeParse({ ...file, favorites }).success).toBe(false);
    expect(await parseExportFile({ ...file, version: 2 })).toBeNull();
    expect(await parseExportFile({ ...file, timecodes: [{ releaseEpisodeId: "a", time: -1, isWatched: false }] })).toBeNull();
    expect(await parseExportFile("not an object")).toBeNull();
  });

  it("lets the event loop turn between slices of entries", async () => {
    const loop = countEventLoopTurns();
    const parsing = parseExportFile(file);
    const turnsBefore = loop.turns();
    await parsing;
    loop.stop();
    // 2,500 + 1,200 + 300 entries are at least five slices of 1,000.
    expect(loop.turns() - turnsBefore).toBeGreaterThanOrEqual(5);
  });
});
