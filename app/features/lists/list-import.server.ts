// An anime list from MyAnimeList or Shikimori: its file read, its entries matched to releases for the preview, and
// the entries the viewer kept written into the collections with their watched episodes (decision 0263).
import type { ApiCalls } from "~/.server/api/handle";
import type { IndexedRelease } from "~/.server/api/release-index";
import { nextTurn } from "~/.server/event-loop.server";
import type { CollectionType, TimecodeEntry } from "~/domain/account";
import type { Episode } from "~/domain/release";
import { formatCount } from "~/i18n/format";
import { normalizeSearchText } from "../../../title-search/search-text";
import { prepareSearch, prepareTitles, preparedTitlesMatch, type PreparedTitles } from "../../../title-search/title-match";
import { EXPORT_FORMAT, EXPORT_VERSION, IMPORT_CAPS, type ImportOutcome } from "./data-file";
import { importAccountData } from "./data-transfer.server";
import {
  listFileStrings,
  MalXmlEntrySchema,
  MAX_LIST_ENTRIES,
  ShikimoriEntrySchema,
  type ListEntry,
  type ListFileFormat,
} from "./list-file";
import { choicesByRelease, type ListChoice, type ListPreview, type ListPreviewRow } from "./list-import";
import { readXmlInTurns, type XmlElement } from "./list-xml";
import { validInTurns } from "./parse-in-turns.server";

export type ListReading = { ok: true; format: ListFileFormat; entries: ListEntry[] } | { ok: false; message: string };

/** Entries looked up by title at most per import: each lookup reads every release the ids cannot match. */
export const MAX_TITLE_LOOKUPS = 2_000;
/** Title comparisons per turn of the event loop. */
const COMPARISONS_PER_TURN = 20_000;
/** Releases per call when the import reads episodes: the most the upstream gives per page. */
const RELEASES_PER_CALL = 50;

const refused = (message: string): ListReading => ({ ok: false, message });

/** A record's fields as text; a repeated field counts once, as its first occurrence. */
function fieldsOf(record: XmlElement): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const field of record.children) if (!(field.name in fields)) fields[field.name] = field.text;
  return fields;
}

export async function readMalXml(text: string): Promise<ListReading> {
  const reading = await readXmlInTurns(text, nextTurn);
  if (!reading.ok) return refused(reading.problem === "doctype" ? listFileStrings.doctype : listFileStrings.malformedXml);
  if (reading.root.name !== "myanimelist") return refused(listFileStrings.notAList);
  const records = reading.root.children;
  const anime = records.filter((record) => record.name === "anime");
  if (anime.length > MAX_LIST_ENTRIES) return refused(listFileStrings.tooMany);
  if (anime.length === 0)
    return refused(records.some((record) => record.name === "manga") ? listFileStrings.mangaOnly : listFileStrings.empty);
  const parsed = await validInTurns(MalXmlEntrySchema, anime.map(fieldsOf));
  if ("invalidAt" in parsed) return refused(listFileStrings.badEntry(parsed.invalidAt + 1));
  return { ok: true, format: "mal-xml", entries: parsed.valid };
}

export async function readShikimoriJson(json: unknown[]): Promise<ListReading> {
  if (json.length > MAX_LIST_ENTRIES) return refused(listFileStrings.tooMany);
  if (json.length === 0) return refused(listFileStrings.empty);
  const parsed = await validInTurns(ShikimoriEntrySchema, json);
  if ("invalidAt" in parsed) return refused(listFileStrings.badEntry(parsed.invalidAt + 1));
  const anime = parsed.valid.filter((entry) => entry.isAnime).map(({ isAnime: _, ...entry }) => entry);
  if (anime.length === 0) return refused(listFileStrings.mangaOnly);
  return { ok: true, format: "shikimori-json", entries: anime };
}

type Guessable = { release: IndexedRelease; titles: PreparedTitles; names: string[] };

/** Releases a title may be guessed for: those with no id on either site, which no id of a list can match. */
function guessableReleases(releases: IndexedRelease[]): Guessable[] {
  return releases
    .filter((release) => release.mal === null && release.shikimori === null)
    .map((release) => {
      const names = [release.names.main, release.names.english, release.names.alternative];
      return {
        release,
        titles: prepareTitles(names),
        names: names.filter((name): name is string => name !== null).map(normalizeSearchText),
      };
    });
}

/**
 * The release a title names, by the site's one title search (every word of the title a prefix of a release's word
 * or stem): of several, the one named exactly so, then the one with as many episodes, then the catalogue's first.
 */
function guessByTitle(entry: ListEntry, guessable: Guessable[]): IndexedRelease | null {
  for (const title of [entry.title, entry.otherTitle]) {
    if (!title) continue;
    const search = prepareSearch(title);
    if (!search.phrase) continue;
    const found = guessable.filter((candidate) => preparedTitlesMatch(candidate.titles, search));
    if (found.length === 0) continue;
    const best =
      found.find((candidate) => candidate.names.includes(search.phrase)) ??
      found.find((candidate) => entry.episodes !== null && candidate.release.episodesTotal === entry.episodes) ??
      found[0];
    return best?.release ?? null;
  }
  return null;
}

function byListId(entry: ListEntry, format: ListFileFormat, index: Awaited<ReturnType<ApiCalls["releases"]["index"]>>) {
  if (entry.siteId === null) return undefined;
  // Both sites number anime alike; each file is tried by its own site's id first.
  const [first, second] = format === "shikimori-json" ? [index.byShikimori, index.byMal] : [index.byMal, index.byShikimori];
  return first.get(entry.siteId) ?? second.get(entry.siteId);
}

/** What would be written, shown before anything is: matches by id, guesses by title, and what matched nothing. */
export async function previewList(api: ApiCalls, reading: { format: ListFileFormat; entries: ListEntry[] }): Promise<ListPreview> {
  const [index, saved] = await Promise.all([api.releases.index(), api.lists.collectionIds()]);
  const savedCollection = new Map(saved.map((entry) => [entry.releaseId, entry.type]));
  const guessable = guessableReleases(index.releases);
  const entriesPerTurn = Math.max(1, Math.floor(COMPARISONS_PER_TURN / (guessable.length + 1)));
  const rows: ListPreviewRow[] = [];
  let titleLookups = 0;
  let notSearched = 0;
  for (const [position, entry] of reading.entries.entries()) {
    if (position % entriesPerTurn === 0) await nextTurn();
    let release = byListId(entry, reading.format, index) ?? null;
    const guess = release === null;
    if (guess && titleLookups < MAX_TITLE_LOOKUPS) {
      titleLookups += 1;
      release = guessByTitle(entry, guessable);
    } else if (guess) {
      notSearched += 1;
    }
    const kept = release ? savedCollection.get(release.id) : undefined;
    rows.push({
      title: entry.title,
      collection: entry.collection,
      watched: entry.watched,
      match: release && {
        releaseId: release.id,
        alias: release.alias,
        title: release.names.main ?? release.names.english ?? release.alias,
        guess,
        saved: (kept as CollectionType | undefined) ?? null,
      },
    });
  }
  const matched = rows.filter((row) => row.match && !row.match.guess).length;
  const guessed = rows.filter((row) => row.match?.guess).length;
  return { format: reading.format, rows, counts: { matched, guessed, unmatched: rows.length - matched - guessed }, notSearched };
}

/** Episodes in the order they are watched: by number, specials where their number puts them. */
function inWatchOrder(episodes: Episode[]): Episode[] {
  const order = (episode: Episode) => episode.ordinal ?? episode.sortOrder ?? Number.MAX_SAFE_INTEGER;
  return [...episodes].sort((a, b) => order(a) - order(b));
}

/** The first `watched` episodes of each release, marked watched at their end (a time never lowers saved progress). */
async function watchedMarks(api: ApiCalls, choices: ListChoice[]): Promise<TimecodeEntry[]> {
  const watched = new Map(choices.filter((choice) => choice.watched > 0).map((choice) => [choice.releaseId, choice.watched]));
  const ids = [...watched.keys()];
  const marks: TimecodeEntry[] = [];
  for (let start = 0; start < ids.length && marks.length < IMPORT_CAPS.timecodes; start += RELEASES_PER_CALL) {
    await nextTurn();
    const page = await api.releases.byIds({ ids: ids.slice(start, start + RELEASES_PER_CALL), limit: RELEASES_PER_CALL });
    for (const release of page.items) {
      for (const episode of inWatchOrder(release.episodes).slice(0, watched.get(release.id) ?? 0)) {
        marks.push({ releaseEpisodeId: episode.id, time: Math.max(0, episode.duration ?? 0), isWatched: true });
      }
    }
  }
  // The data import's cap on progress entries holds here too: episodes past it stay unmarked.
  return marks.slice(0, IMPORT_CAPS.timecodes);
}

/** Writes the viewer's choices: releases into collections (one already in a collection stays there), episodes watched. */
export async function importListChoices(api: ApiCalls, choices: ListChoice[]): Promise<ImportOutcome> {
  const unique = choicesByRelease(choices);
  const marks = await watchedMarks(api, unique);
  return importAccountData(
    api,
    {
      format: EXPORT_FORMAT,
      version: EXPORT_VERSION,
      exportedAt: new Date().toISOString(),
      favorites: [],
      collections: unique.map((choice) => ({ releaseId: choice.releaseId, type: choice.collection })),
      timecodes: marks,
    },
    { keepSavedCollections: true },
  );
}

export function listImportSummary(outcome: ImportOutcome): string {
  if (outcome.collections + outcome.timecodes === 0) {
    return outcome.skipped > 0
      ? `Ничего не добавлено: записей, которых нет на сайте, — ${outcome.skipped}.`
      : "Ничего нового: всё из списка уже есть в вашем аккаунте.";
  }
  const summary =
    `Список загружен: в коллекции добавлено ${formatCount(outcome.collections, "releases")}, ` +
    `просмотренными отмечено ${formatCount(outcome.timecodes, "episodes")}`;
  return outcome.skipped > 0 ? `${summary}. Пропущено (нет на сайте): ${outcome.skipped}` : summary;
}
