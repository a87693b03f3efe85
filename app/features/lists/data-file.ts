// "Your data is yours": the export file's format and the merge of an imported file into the account (pure, tested).
import { z } from "zod";
import { formatCount } from "~/i18n/format";
import { formatNumber } from "~/i18n/number";
import { COLLECTION_TYPES, type CollectionEntry, type CollectionType, type TimecodeEntry } from "~/domain/account";

export const EXPORT_FORMAT = "anilibria-web-export";
export const EXPORT_VERSION = 1;
/** A year of daily watching is far below this; the cap keeps a hostile upload from costing much. */
export const MAX_IMPORT_BYTES = 1024 * 1024;
/**
 * Entries one import may carry, per list and in all (decision 0249). The catalogue has a few thousand releases, so an
 * honest file stays far below the list caps; the caps bound the upstream calls one upload can cause.
 */
export const IMPORT_CAPS = { favorites: 10_000, collections: 10_000, timecodes: 20_000, total: 30_000 } as const;

export const tooManyEntriesMessage =
  `В файле слишком много записей: за один импорт можно загрузить до ${formatNumber(IMPORT_CAPS.favorites)} релизов в избранное, ` +
  `до ${formatNumber(IMPORT_CAPS.collections)} в коллекции и прогресс до ${formatNumber(IMPORT_CAPS.timecodes)} серий, ` +
  `всего не больше ${formatNumber(IMPORT_CAPS.total)} записей.`;

export type ExportFile = {
  format: typeof EXPORT_FORMAT;
  version: typeof EXPORT_VERSION;
  exportedAt: string;
  favorites: number[];
  collections: { releaseId: number; type: CollectionType }[];
  timecodes: TimecodeEntry[];
};

const releaseId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** One entry of each list. The import validates them a slice at a time (`parseExportFile` in data-import.server.ts). */
export const ExportEntrySchemas = {
  favorites: releaseId,
  collections: z.object({ releaseId, type: z.enum(COLLECTION_TYPES) }),
  timecodes: z.object({
    releaseEpisodeId: z.string().min(1).max(100),
    time: z.number().finite().min(0).max(1_000_000),
    isWatched: z.boolean(),
  }),
};

/** The file around its lists, their entries left for ExportEntrySchemas. */
export const ExportEnvelopeSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.literal(EXPORT_VERSION),
  exportedAt: z.string().max(64),
  favorites: z.array(z.unknown()).max(IMPORT_CAPS.favorites),
  collections: z.array(z.unknown()).max(IMPORT_CAPS.collections),
  timecodes: z.array(z.unknown()).max(IMPORT_CAPS.timecodes),
});

export const ExportFileSchema = ExportEnvelopeSchema.extend({
  favorites: z.array(ExportEntrySchemas.favorites).max(IMPORT_CAPS.favorites),
  collections: z.array(ExportEntrySchemas.collections).max(IMPORT_CAPS.collections),
  timecodes: z.array(ExportEntrySchemas.timecodes).max(IMPORT_CAPS.timecodes),
});

function listLength(file: Record<string, unknown>, key: keyof typeof IMPORT_CAPS): number {
  const list = file[key];
  return Array.isArray(list) ? list.length : 0;
}

/**
 * Whether a parsed file carries more entries than one import takes. Asked before the schema, so an oversized
 * file gets its own message (not "not an export file") and its entries are never validated one by one.
 */
export function exceedsImportCaps(json: unknown): boolean {
  if (!json || typeof json !== "object") return false;
  const file = json as Record<string, unknown>;
  const favorites = listLength(file, "favorites");
  const collections = listLength(file, "collections");
  const timecodes = listLength(file, "timecodes");
  return (
    favorites > IMPORT_CAPS.favorites ||
    collections > IMPORT_CAPS.collections ||
    timecodes > IMPORT_CAPS.timecodes ||
    favorites + collections + timecodes > IMPORT_CAPS.total
  );
}

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
 * `keepSavedCollections`: a release already in a collection stays in it (an anime list from another site, decision
 * 0263); without it the file's collection wins, as when the site's own export file is loaded back.
 */
export type ImportOptions = { keepSavedCollections?: boolean };

/**
 * Merging never removes anything: favorites missing from the account are added; a release's collection
 * type is set to the file's; an episode's progress keeps the greater time, and "watched" once either side says so.
 */
export function planImport(
  account: { favoriteIds: number[]; collections: CollectionEntry[]; timecodes: TimecodeEntry[] },
  file: ExportFile,
  { keepSavedCollections = false }: ImportOptions = {},
): ImportPlan {
  const favorites = new Set(account.favoriteIds);
  const collections = new Map(account.collections.map((entry) => [entry.releaseId, entry.type]));
  const timecodes = new Map(account.timecodes.map((entry) => [entry.releaseEpisodeId, entry]));

  const favoritesToAdd = [...new Set(file.favorites)].filter((id) => !favorites.has(id));
  const fileCollections = new Map(file.collections.map((entry) => [entry.releaseId, entry.type]));
  const collectionsToSet = [...fileCollections]
    .filter(([id, type]) => (keepSavedCollections ? !collections.has(id) : collections.get(id) !== type))
    .map(([id, type]) => ({ releaseId: id, type }));

  const merged = new Map<string, TimecodeEntry>();
  for (const entry of file.timecodes) {
    const base = merged.get(entry.releaseEpisodeId) ?? timecodes.get(entry.releaseEpisodeId);
    merged.set(entry.releaseEpisodeId, base ? mergeProgress(base, entry) : entry);
  }
  const timecodesToSave = [...merged.values()].filter((entry) => progressAhead(timecodes.get(entry.releaseEpisodeId), entry) !== null);
  return { favoritesToAdd, collectionsToSet, timecodesToSave };
}

/** The greater time, and watched once either side says so. */
function mergeProgress(saved: TimecodeEntry, entry: TimecodeEntry): TimecodeEntry {
  return {
    releaseEpisodeId: entry.releaseEpisodeId,
    time: Math.max(saved.time, entry.time),
    isWatched: saved.isWatched || entry.isWatched,
  };
}

/** What to write so that `saved` takes in `entry`, or null when `entry` adds nothing to it (never a lower time). */
export function progressAhead(saved: TimecodeEntry | undefined, entry: TimecodeEntry): TimecodeEntry | null {
  if (!saved) return entry;
  const merged = mergeProgress(saved, entry);
  return merged.time === saved.time && merged.isWatched === saved.isWatched ? null : merged;
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
