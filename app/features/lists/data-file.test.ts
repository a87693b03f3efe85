import { describe, expect, it } from "vitest";
import {
  buildExportFile,
  exceedsImportCaps,
  ExportFileSchema,
  IMPORT_CAPS,
  importSummary,
  planImport,
  progressAhead,
  tooManyEntriesMessage,
} from "./data-file";

const now = new Date("2026-11-21T20:00:00.000Z");

describe("buildExportFile", () => {
  it("writes a versioned file that the import schema accepts, leaving out collection types it does not know", () => {
    const file = buildExportFile(
      {
        favoriteIds: [3, 1],
        collections: [
          { releaseId: 3, type: "WATCHING" },
          { releaseId: 9, type: "SOMETHING_NEW" },
        ],
        timecodes: [{ releaseEpisodeId: "ep-1", time: 90, isWatched: false }],
      },
      now,
    );
    expect(file).toEqual({
      format: "anilibria-web-export",
      version: 1,
      exportedAt: "2026-11-21T20:00:00.000Z",
      favorites: [3, 1],
      collections: [{ releaseId: 3, type: "WATCHING" }],
      timecodes: [{ releaseEpisodeId: "ep-1", time: 90, isWatched: false }],
    });
    expect(ExportFileSchema.safeParse(JSON.parse(JSON.stringify(file))).success).toBe(true);
  });

  it("the schema refuses another format, a later version and broken entries", () => {
    const valid = { format: "anilibria-web-export", version: 1, exportedAt: "x", favorites: [], collections: [], timecodes: [] };
    expect(ExportFileSchema.safeParse({ ...valid, format: "other" }).success).toBe(false);
    expect(ExportFileSchema.safeParse({ ...valid, version: 2 }).success).toBe(false);
    expect(ExportFileSchema.safeParse({ ...valid, favorites: [-1] }).success).toBe(false);
    expect(ExportFileSchema.safeParse({ ...valid, collections: [{ releaseId: 1, type: "LATER" }] }).success).toBe(false);
    expect(ExportFileSchema.safeParse({ ...valid, timecodes: [{ releaseEpisodeId: "a", time: -5, isWatched: false }] }).success).toBe(
      false,
    );
  });
});

describe("planImport", () => {
  const account = {
    favoriteIds: [1, 2],
    collections: [
      { releaseId: 1, type: "PLANNED" },
      { releaseId: 2, type: "WATCHED" },
    ],
    timecodes: [
      { releaseEpisodeId: "a", time: 100, isWatched: false },
      { releaseEpisodeId: "b", time: 500, isWatched: true },
      { releaseEpisodeId: "c", time: 40, isWatched: false },
    ],
  };
  const file = {
    format: "anilibria-web-export" as const,
    version: 1 as const,
    exportedAt: now.toISOString(),
    favorites: [2, 3, 3],
    collections: [
      { releaseId: 1, type: "WATCHING" as const },
      { releaseId: 2, type: "WATCHED" as const },
      { releaseId: 4, type: "ABANDONED" as const },
    ],
    timecodes: [
      { releaseEpisodeId: "a", time: 60, isWatched: true },
      { releaseEpisodeId: "b", time: 20, isWatched: false },
      { releaseEpisodeId: "c", time: 80, isWatched: false },
      { releaseEpisodeId: "d", time: 10, isWatched: false },
    ],
  };

  it("adds missing favorites once, sets collection types from the file, keeps the greater progress and any watched mark", () => {
    expect(planImport(account, file)).toEqual({
      favoritesToAdd: [3],
      collectionsToSet: [
        { releaseId: 1, type: "WATCHING" },
        { releaseId: 4, type: "ABANDONED" },
      ],
      timecodesToSave: [
        { releaseEpisodeId: "a", time: 100, isWatched: true },
        { releaseEpisodeId: "c", time: 80, isWatched: false },
        { releaseEpisodeId: "d", time: 10, isWatched: false },
      ],
    });
  });

  it("importing the account's own export changes nothing", () => {
    const own = buildExportFile(account, now);
    expect(planImport(account, own)).toEqual({ favoritesToAdd: [], collectionsToSet: [], timecodesToSave: [] });
  });
});

describe("import caps", () => {
  const ids = (count: number) => Array.from({ length: count }, (_, index) => index + 1);
  const file = (favorites: number, collections: number, timecodes: number) => ({
    format: "anilibria-web-export",
    version: 1,
    exportedAt: "x",
    favorites: ids(favorites),
    collections: ids(collections).map((releaseId) => ({ releaseId, type: "PLANNED" })),
    timecodes: ids(timecodes).map((index) => ({ releaseEpisodeId: `episode-${index}`, time: 1, isWatched: false })),
  });

  it("refuse more than a list's cap, or more than the import's in all, before the schema reads the entries", () => {
    expect(exceedsImportCaps(file(IMPORT_CAPS.favorites, IMPORT_CAPS.collections, 0))).toBe(false);
    expect(ExportFileSchema.safeParse(file(IMPORT_CAPS.favorites, IMPORT_CAPS.collections, 0)).success).toBe(true);
    expect(exceedsImportCaps(file(IMPORT_CAPS.favorites + 1, 0, 0))).toBe(true);
    expect(exceedsImportCaps(file(0, IMPORT_CAPS.collections + 1, 0))).toBe(true);
    expect(exceedsImportCaps(file(0, 0, IMPORT_CAPS.timecodes + 1))).toBe(true);
    expect(exceedsImportCaps(file(IMPORT_CAPS.favorites, IMPORT_CAPS.collections, IMPORT_CAPS.total - 20_000 + 1))).toBe(true);
    expect(exceedsImportCaps({ favorites: "many" })).toBe(false);
    expect(exceedsImportCaps(null)).toBe(false);
  });

  it("are stated in the viewer's message", () => {
    expect(tooManyEntriesMessage).toBe(
      "В файле слишком много записей: за один импорт можно загрузить до 10\u00a0000 релизов в избранное, до 10\u00a0000 в коллекции " +
        "и прогресс до 20\u00a0000 серий, всего не больше 30\u00a0000 записей.",
    );
  });
});

describe("progressAhead", () => {
  const saved = { releaseEpisodeId: "a", time: 100, isWatched: false };

  it("never lowers a saved time, and says when an entry adds nothing", () => {
    expect(progressAhead(saved, { releaseEpisodeId: "a", time: 40, isWatched: false })).toBeNull();
    expect(progressAhead(saved, { releaseEpisodeId: "a", time: 40, isWatched: true })).toEqual({
      releaseEpisodeId: "a",
      time: 100,
      isWatched: true,
    });
    expect(progressAhead(saved, { releaseEpisodeId: "a", time: 140, isWatched: false })).toEqual({
      releaseEpisodeId: "a",
      time: 140,
      isWatched: false,
    });
    expect(progressAhead(undefined, saved)).toEqual(saved);
  });
});

describe("importSummary", () => {
  it("says what changed, in Russian plurals, and what was skipped", () => {
    expect(importSummary({ favorites: 3, collections: 2, timecodes: 10, skipped: 0 })).toBe(
      "Добавлено в избранное: 3, коллекции: 2 изменено, прогресс: 10 серий",
    );
    expect(importSummary({ favorites: 1, collections: 0, timecodes: 1, skipped: 2 })).toBe(
      "Добавлено в избранное: 1, коллекции: 0 изменено, прогресс: 1 серия. Пропущено (нет на сайте): 2",
    );
    expect(importSummary({ favorites: 0, collections: 0, timecodes: 0, skipped: 0 })).toBe(
      "Ничего нового: всё из файла уже есть в вашем аккаунте.",
    );
  });
});
