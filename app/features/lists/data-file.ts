// "Your data is yours": the export file's format and the merge of an imported file into the account (pure, tested).
import { z } from "zod";
import { formatCount } from "~/i18n/format";
import { COLLECTION_TYPES, type CollectionEntry, type CollectionType, type TimecodeEntry } from "~/domain/account";

export const EXPORT_FORMAT = "anilibria-web-export";
export const EXPORT_VERSION = 1;
/** A year of daily watching is far below this; the cap keeps a hostile upload from costing much. */
export const MAX_IMPORT_BYTES = 1024 * 1024;
const MAX_ENTRIES = 20_000;

export type ExportFile = {
  format: typeof EXPORT_FORMAT;
  version: typeof EXPORT_VERSION;
  exportedAt: string;
  favorites: number[];
  collections: { releaseId: number; type: CollectionType }[];
  timecodes: TimecodeEntry[];
};

const releaseId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const ExportFileSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.literal(EXPORT_VERSION),
  exportedAt: z.string().max(64),
  favorites: z.array(releaseId).max(MAX_ENTRIES),
  collections: z.array(z.object({ releaseId, type: z.enum(COLLECTION_TYPES) })).max(MAX_ENTRIES),
  timecodes: z
    .array(
      z.object({ releaseEpisodeId: z.string().min(1).max(100), time: z.number().finite().min(0).max(1_000_000), isWatched: z.boolean() }),
    )
    .max(MAX_ENTRIES * 5),
});

export function buildExportFile(
  account: { favoriteIds: number[]; collections: CollectionEntry[]; timecodes: TimecodeEntry[] },
  now: Date,
): ExportFile {
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: now.toISOString(),
    favorites: account.favoriteIds,
    // An entry of a type this build does not know cannot be imported back, so it is not exported either.
    collections: account.collections.filter((entry): entry is { releaseId: number; type: CollectionType } =>
      (COLLECTION_TYPES as readonly string[]).includes(entry.type),
    ),
    timecodes: account.timecodes,
  };
}

export type ImportPlan = {
  favoritesToAdd: number[];
  collectionsToSet: { releaseId: number; type: CollectionType }[];
  timecodesToSave: TimecodeEntry[];
};

/**
 * Merging never removes anything: favorites missing from the account are added; a release's collection
 * type is set to the file's; an episode's progress keeps the greater time, and "watched" once either side says so.
 */
export function planImport(
  account: { favoriteIds: number[]; collections: CollectionEntry[]; timecodes: TimecodeEntry[] },
  file: ExportFile,
): ImportPlan {
  const favorites = new Set(account.favoriteIds);
  const collections = new Map(account.collections.map((entry) => [entry.releaseId, entry.type]));
  const timecodes = new Map(account.timecodes.map((entry) => [entry.releaseEpisodeId, entry]));

  const favoritesToAdd = [...new Set(file.favorites)].filter((id) => !favorites.has(id));
  const fileCollections = new Map(file.collections.map((entry) => [entry.releaseId, entry.type]));
  const collectionsToSet = [...fileCollections]
    .filter(([id, type]) => collections.get(id) !== type)
    .map(([id, type]) => ({ releaseId: id, type }));

  const merged = new Map<string, TimecodeEntry>();
  for (const entry of file.timecodes) {
    const base = merged.get(entry.releaseEpisodeId) ?? timecodes.get(entry.releaseEpisodeId);
    const next = base
      ? { releaseEpisodeId: entry.releaseEpisodeId, time: Math.max(base.time, entry.time), isWatched: base.isWatched || entry.isWatched }
      : entry;
    merged.set(entry.releaseEpisodeId, next);
  }
  const timecodesToSave = [...merged.values()].filter((entry) => {
    const current = timecodes.get(entry.releaseEpisodeId);
    return !current || current.time !== entry.time || current.isWatched !== entry.isWatched;
  });
  return { favoritesToAdd, collectionsToSet, timecodesToSave };
}

export type ImportOutcome = { favorites: number; collections: number; timecodes: number; skipped: number };

export function importSummary(outcome: ImportOutcome): string {
  if (outcome.favorites + outcome.collections + outcome.timecodes === 0) {
    return outcome.skipped > 0
      ? `Ничего не добавлено: записей, которых нет на сайте, — ${outcome.skipped}.`
      : "Ничего нового: всё из файла уже есть в вашем аккаунте.";
  }
  const summary = `Добавлено в избранное: ${outcome.favorites}, коллекции: ${outcome.collections} изменено, прогресс: ${formatCount(outcome.timecodes, "episodes")}`;
  return outcome.skipped > 0 ? `${summary}. Пропущено (нет на сайте): ${outcome.skipped}` : summary;
}
