// Anime lists of MyAnimeList and Shikimori: their statuses as the site's collections, the entries of their export
// files, and the site's collections written back as a MyAnimeList XML file (which both sites import).
import { z } from "zod";
import type { CollectionType } from "~/domain/account";
import { formatNumber } from "~/i18n/number";
import { IMPORT_CAPS } from "./data-file";

/** One title of an exported list, as the site reads it. MyAnimeList and Shikimori number anime alike. */
export type ListEntry = {
  /** The title's id on MyAnimeList (= Shikimori), or null when the file has none. */
  siteId: number | null;
  title: string;
  /** Shikimori's Russian title, when the file has one. */
  otherTitle: string | null;
  /** Episodes the title has, when the file knows. */
  episodes: number | null;
  watched: number;
  collection: CollectionType;
};

export type ListFileFormat = "mal-xml" | "shikimori-json";

/** The most episodes one entry may mark watched: above any series; the caps of the data import bound the total. */
export const MAX_WATCHED_PER_ENTRY = 5_000;
export const MAX_LIST_ENTRIES = IMPORT_CAPS.collections;
const MAX_TITLE_LENGTH = 500;

export const listFileStrings = {
  malformedXml: "Не удалось прочитать файл XML: он повреждён. Скачайте выгрузку списка с MyAnimeList или Шикимори ещё раз.",
  doctype: "Файл XML с объявлениями DOCTYPE не принимается: в выгрузках MyAnimeList и Шикимори их нет.",
  notAList: "Это не выгрузка списка аниме MyAnimeList или Шикимори и не файл экспорта этого сайта.",
  mangaOnly: "Это список манги: с MyAnimeList и Шикимори загружаются только списки аниме.",
  badEntry: (position: number) =>
    `Запись № ${formatNumber(position)} выгрузки не читается: у неё нет названия или статус неизвестен. Файл не загружен.`,
  tooMany: `В списке слишком много записей: за один импорт можно загрузить до ${formatNumber(MAX_LIST_ENTRIES)}.`,
  empty: "В выгрузке нет ни одного аниме.",
} as const;

/** MyAnimeList's status words and numbers (the numbers of older exports: 5 is unused). */
const MAL_STATUSES: Record<string, CollectionType> = {
  watching: "WATCHING",
  "1": "WATCHING",
  completed: "WATCHED",
  "2": "WATCHED",
  "on-hold": "POSTPONED",
  "3": "POSTPONED",
  dropped: "ABANDONED",
  "4": "ABANDONED",
  "plan to watch": "PLANNED",
  "6": "PLANNED",
  // Shikimori's XML writes its own "rewatching" this way: watching again is watching.
  rewatching: "WATCHING",
};

const SHIKIMORI_STATUSES: Record<string, CollectionType> = {
  planned: "PLANNED",
  watching: "WATCHING",
  rewatching: "WATCHING",
  completed: "WATCHED",
  on_hold: "POSTPONED",
  dropped: "ABANDONED",
};

const COLLECTION_MAL_STATUS: Record<CollectionType, string> = {
  WATCHING: "Watching",
  WATCHED: "Completed",
  POSTPONED: "On-Hold",
  ABANDONED: "Dropped",
  PLANNED: "Plan to Watch",
};

const title = z.string().trim().min(1).max(MAX_TITLE_LENGTH);
const count = (max: number) => z.coerce.number().int().min(0).max(max);
/** Positive ids only: MyAnimeList writes 0 for a title it does not know. */
const siteId = z.coerce
  .number()
  .int()
  .min(0)
  .max(2 ** 31)
  .transform((id) => (id > 0 ? id : null));

/** One `<anime>` of a MyAnimeList XML export, its fields as text. */
export const MalXmlEntrySchema = z
  .object({
    series_animedb_id: siteId.optional(),
    series_title: title,
    series_episodes: count(100_000).optional(),
    my_watched_episodes: count(100_000).optional(),
    my_status: z
      .string()
      .transform((status) => MAL_STATUSES[status.trim().toLowerCase()])
      .pipe(z.custom<CollectionType>((value) => value !== undefined)),
  })
  .transform((entry): ListEntry => ({
    siteId: entry.series_animedb_id ?? null,
    title: entry.series_title,
    otherTitle: null,
    episodes: entry.series_episodes || null,
    watched: Math.min(entry.my_watched_episodes ?? 0, MAX_WATCHED_PER_ENTRY),
    collection: entry.my_status,
  }));

/** One entry of Shikimori's JSON export (`target_type` "Anime"; a manga list has the same shape). */
export const ShikimoriEntrySchema = z
  .object({
    target_id: siteId,
    target_title: title,
    target_title_ru: z.string().trim().max(MAX_TITLE_LENGTH).nullish(),
    target_type: z.string().max(32).nullish(),
    status: z.enum(Object.keys(SHIKIMORI_STATUSES) as [string, ...string[]]),
    episodes: count(100_000).nullish(),
  })
  .transform((entry): ListEntry & { isAnime: boolean } => ({
    siteId: entry.target_id,
    title: entry.target_title,
    otherTitle: entry.target_title_ru || null,
    episodes: null,
    watched: Math.min(entry.episodes ?? 0, MAX_WATCHED_PER_ENTRY),
    collection: SHIKIMORI_STATUSES[entry.status] ?? "PLANNED",
    isAnime: (entry.target_type ?? "Anime") === "Anime",
  }));

/** A release of a collection as the MyAnimeList file carries it. */
export type ListExportEntry = {
  malId: number;
  title: string;
  /** MyAnimeList's type words: TV, Movie, OVA, ONA, Special, Unknown. */
  type: string;
  episodes: number | null;
  watched: number;
  collection: CollectionType;
};

const MAL_TYPES: Record<string, string> = { TV: "TV", MOVIE: "Movie", OVA: "OVA", OAD: "OVA", ONA: "ONA", WEB: "ONA", SPECIAL: "Special" };

export function malTypeOf(releaseType: string | null): string {
  return (releaseType && MAL_TYPES[releaseType]) || "Unknown";
}

/** CDATA cannot hold `]]>`: it is split across two sections. */
function cdata(text: string): string {
  return `<![CDATA[${text.replaceAll("]]>", "]]]]><![CDATA[>")}]]>`;
}

/**
 * The file MyAnimeList's import takes (and Shikimori's, which reads the same format): `update_on_import` so that a
 * title already on the list there takes the site's status and count.
 */
export function buildMalXml(entries: ListExportEntry[]): string {
  const records = entries.map((entry) =>
    [
      "\t<anime>",
      `\t\t<series_animedb_id>${entry.malId}</series_animedb_id>`,
      `\t\t<series_title>${cdata(entry.title)}</series_title>`,
      `\t\t<series_type>${entry.type}</series_type>`,
      `\t\t<series_episodes>${entry.episodes ?? 0}</series_episodes>`,
      "\t\t<my_id>0</my_id>",
      `\t\t<my_watched_episodes>${entry.watched}</my_watched_episodes>`,
      "\t\t<my_start_date>0000-00-00</my_start_date>",
      "\t\t<my_finish_date>0000-00-00</my_finish_date>",
      "\t\t<my_score>0</my_score>",
      `\t\t<my_status>${COLLECTION_MAL_STATUS[entry.collection]}</my_status>`,
      "\t\t<my_times_watched>0</my_times_watched>",
      "\t\t<update_on_import>1</update_on_import>",
      "\t</anime>",
    ].join("\n"),
  );
  const statusCount = (collection: CollectionType) => entries.filter((entry) => entry.collection === collection).length;
  return [
    '<?xml version="1.0" encoding="UTF-8" ?>',
    "<myanimelist>",
    "\t<myinfo>",
    "\t\t<user_export_type>1</user_export_type>",
    `\t\t<user_total_anime>${entries.length}</user_total_anime>`,
    `\t\t<user_total_watching>${statusCount("WATCHING")}</user_total_watching>`,
    `\t\t<user_total_completed>${statusCount("WATCHED")}</user_total_completed>`,
    `\t\t<user_total_onhold>${statusCount("POSTPONED")}</user_total_onhold>`,
    `\t\t<user_total_dropped>${statusCount("ABANDONED")}</user_total_dropped>`,
    `\t\t<user_total_plantowatch>${statusCount("PLANNED")}</user_total_plantowatch>`,
    "\t</myinfo>",
    ...records,
    "</myanimelist>",
    "",
  ].join("\n");
}
