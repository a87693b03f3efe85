// Anime lists against the real embedded API, in-process and over HTTP: a 500-entry MyAnimeList export and a
// Shikimori export matched (by id, by title as a guess, not at all), written without lowering anything saved, and
// the site's own MyAnimeList file read back into the same collections.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as authApi from "~/.server/api/auth";
import type { ApiContext } from "~/.server/api/context";
import { callsOf, type ApiCalls } from "~/.server/api/handle";
import type { IndexedRelease } from "~/.server/api/release-index";
import { loadEmbeddedApiModule, networkTransport, type Transport } from "~/.server/api/transport";
import { referenceCache } from "~/.server/reference-cache.server";
import type { CollectionType, TimecodeEntry } from "~/domain/account";
import type { Release } from "~/domain/release";
import { createEmbeddedApi, toNodeListener } from "../../../embedded-api/index";
import { buildListExport, splitCollections } from "./list-export.server";
import type { ListChoice, ListPreview } from "./list-import";
import { importListChoices, previewList, readMalXml, readShikimoriJson } from "./list-import.server";

// In-process answers carry their JSON value, readable once the embedded API's public entry is loaded (as the server does).
beforeAll(() => loadEmbeddedApiModule());

const ORIGIN = "http://localhost:3000";
const SEED_RELEASES = 120;
/** Far above the demo's MyAnimeList ids (30,000–59,999). */
const UNKNOWN_ID = 900_000;

let api: ReturnType<typeof createEmbeddedApi>;
let server: Server;
let httpOrigin: string;
let token: string;

function context(transport: Transport, baseUrl: string): ApiContext {
  return {
    upstream: { baseUrl, transport, embedded: baseUrl.startsWith(ORIGIN) },
    token,
    timeoutMs: 20_000,
    signal: null,
    mediaOrigin: ORIGIN,
    forwardedFor: null,
    userAgent: null,
    reads: null,
  };
}

const inProcess: Transport = (request, options) => api.handle(request, options);
const upstreams = {
  "in-process": () => callsOf(context(inProcess, `${ORIGIN}/api/v1`)),
  "over HTTP": () => callsOf(context(networkTransport, `${httpOrigin}/api/v1`)),
};

beforeAll(async () => {
  api = createEmbeddedApi({ dbPath: ":memory:", seed: { releases: SEED_RELEASES, demoLists: false } });
  server = createServer(toNodeListener((request) => api.handle(request)));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  httpOrigin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  token = await authApi.login(callsOf(context(inProcess, `${ORIGIN}/api/v1`)).context, { login: "demo", password: "demo-password" });
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  api.close();
});

/** Each test starts from an empty account and builds the index afresh (it is cached per upstream). */
beforeEach(async () => {
  referenceCache.clear();
  const calls = upstreams["in-process"]();
  const collections = await calls.lists.collectionIds();
  if (collections.length > 0) await calls.lists.removeFromCollection(collections.map((entry) => entry.releaseId));
});

const xmlText = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;");

function malXml(entries: { id: number; title: string; status: string; watched: number; episodes?: number }[]): string {
  const records = entries.map(
    (entry) => `  <anime>
    <series_animedb_id>${entry.id}</series_animedb_id>
    <series_title><![CDATA[${entry.title}]]></series_title>
    <series_type>TV</series_type>
    <series_episodes>${entry.episodes ?? 0}</series_episodes>
    <my_id>0</my_id>
    <my_watched_episodes>${entry.watched}</my_watched_episodes>
    <my_start_date>0000-00-00</my_start_date>
    <my_finish_date>0000-00-00</my_finish_date>
    <my_rated></my_rated>
    <my_score>0</my_score>
    <my_storage></my_storage>
    <my_storage_value>0.00</my_storage_value>
    <my_status>${xmlText(entry.status)}</my_status>
    <my_comments><![CDATA[]]></my_comments>
    <my_times_watched>0</my_times_watched>
    <my_rewatch_value></my_rewatch_value>
    <my_priority>LOW</my_priority>
    <my_tags><![CDATA[]]></my_tags>
    <my_rewatching>0</my_rewatching>
    <my_rewatching_ep>0</my_rewatching_ep>
    <my_discuss>1</my_discuss>
    <my_sns>default</my_sns>
    <update_on_import>0</update_on_import>
  </anime>`,
  );
  return `<?xml version="1.0" encoding="UTF-8" ?>
<!--
 Created by XML Export feature at MyAnimeList.net
 Version 1.1.0
-->
<myanimelist>
  <myinfo>
    <user_id>1234567</user_id>
    <user_name>viewer</user_name>
    <user_export_type>1</user_export_type>
    <user_total_anime>${entries.length}</user_total_anime>
  </myinfo>
${records.join("\n")}
</myanimelist>
`;
}

const STATUSES = ["Watching", "Completed", "On-Hold", "Dropped", "Plan to Watch", "1", "2", "3", "4", "6"] as const;
const COLLECTION_OF: Record<(typeof STATUSES)[number], CollectionType> = {
  Watching: "WATCHING",
  Completed: "WATCHED",
  "On-Hold": "POSTPONED",
  Dropped: "ABANDONED",
  "Plan to Watch": "PLANNED",
  "1": "WATCHING",
  "2": "WATCHED",
  "3": "POSTPONED",
  "4": "ABANDONED",
  "6": "PLANNED",
};

async function catalogue(calls: ApiCalls): Promise<{ index: IndexedRelease[]; releases: Map<number, Release> }> {
  const index = (await calls.releases.index()).releases;
  const releases = new Map<number, Release>();
  for (let start = 0; start < index.length; start += 50) {
    const page = await calls.releases.byIds({ ids: index.slice(start, start + 50).map((release) => release.id), limit: 50 });
    for (const release of page.items) releases.set(release.id, release);
  }
  return { index, releases };
}

/** Every row the preview matched or guessed, ticked as the page ticks them. */
const allTicked = (preview: ListPreview): ListChoice[] =>
  preview.rows.flatMap((row) => (row.match ? [{ releaseId: row.match.releaseId, collection: row.collection, watched: row.watched }] : []));

const savedProgress = async (calls: ApiCalls) =>
  new Map((await calls.timecodes.get()).map((entry): [string, TimecodeEntry] => [entry.releaseEpisodeId, entry]));

describe.each(Object.keys(upstreams) as (keyof typeof upstreams)[])("a 500-entry MyAnimeList export (%s)", (upstreamName) => {
  it("is matched by id, guessed by title and left unmatched, and written without lowering anything saved", async () => {
    const calls = upstreams[upstreamName]();
    const { index, releases } = await catalogue(calls);
    const byId = index.filter((release) => release.mal !== null);
    const guessable = index.filter((release) => release.mal === null && release.shikimori === null && release.names.english);
    expect(byId.length).toBeGreaterThan(90);
    expect(guessable.length).toBeGreaterThan(5);

    const entries = [
      ...byId.map((release, position) => ({
        id: release.mal ?? 0,
        title: `Some romaji title ${position}`,
        status: STATUSES[position % STATUSES.length]!,
        watched: position % 4,
      })),
      // Unknown to MyAnimeList's ids here, but named as the release is: a guess.
      ...guessable.map((release, position) => ({
        id: UNKNOWN_ID + position,
        title: release.names.english ?? "",
        status: "Completed",
        watched: 1,
      })),
    ];
    while (entries.length < 500) {
      entries.push({
        id: UNKNOWN_ID + 10_000 + entries.length,
        title: `Zzyqx Vorpal ${entries.length}`,
        status: "Plan to Watch",
        watched: 3,
      });
    }
    const reading = await readMalXml(malXml(entries));
    if (!reading.ok) throw new Error(reading.message);
    expect(reading.entries).toHaveLength(500);

    // Saved before the import: a release already in a collection, and progress ahead of what the list says.
    const [first, second] = byId.filter((release) => (releases.get(release.id)?.episodes.length ?? 0) >= 3) as [
      IndexedRelease,
      IndexedRelease,
    ];
    await calls.lists.addToCollection([{ releaseId: first.id, type: "ABANDONED" }]);
    const firstEpisodes = releases.get(first.id)!.episodes;
    const secondEpisodes = releases.get(second.id)!.episodes;
    await calls.timecodes.save([
      { releaseEpisodeId: firstEpisodes[0]!.id, time: 99_999, isWatched: true },
      { releaseEpisodeId: secondEpisodes[0]!.id, time: 5_000, isWatched: false },
      { releaseEpisodeId: secondEpisodes[2]!.id, time: 40, isWatched: false },
    ]);
    const before = await savedProgress(calls);

    const preview = await previewList(calls, reading);
    expect(preview.counts).toEqual({ matched: byId.length, guessed: guessable.length, unmatched: 500 - byId.length - guessable.length });
    // Every status word and number of MyAnimeList lands in its collection.
    expect(preview.rows.slice(0, byId.length).map((row) => row.collection)).toEqual(
      entries.slice(0, byId.length).map((entry) => COLLECTION_OF[entry.status as keyof typeof COLLECTION_OF]),
    );
    expect(preview.rows.filter((row) => row.match?.guess).map((row) => row.match?.releaseId)).toEqual(
      guessable.map((release) => release.id),
    );
    expect(preview.rows.find((row) => row.match?.releaseId === first.id)?.match?.saved).toBe("ABANDONED");
    // Nothing is written by the preview.
    expect((await calls.lists.collectionIds()).map((entry) => entry.releaseId)).toEqual([first.id]);
    console.log(`500-entry MyAnimeList export (${upstreamName}): ${JSON.stringify(preview.counts)}`);

    const choices = allTicked(preview);
    const outcome = await importListChoices(calls, choices);

    const collections = new Map((await calls.lists.collectionIds()).map((entry) => [entry.releaseId, entry.type]));
    const expected = new Map(choices.map((choice) => [choice.releaseId, choice.collection]));
    expected.set(first.id, "ABANDONED");
    expect(collections).toEqual(expected);
    expect(outcome.collections).toBe(choices.length - 1);

    const after = await savedProgress(calls);
    for (const [episodeId, saved] of before) {
      const now = after.get(episodeId);
      expect(now?.time, episodeId).toBeGreaterThanOrEqual(saved.time);
      expect(now?.isWatched || !saved.isWatched, episodeId).toBe(true);
    }
    let marks = 0;
    for (const choice of choices) {
      const episodes = [...(releases.get(choice.releaseId)?.episodes ?? [])].sort((a, b) => (a.ordinal ?? 0) - (b.ordinal ?? 0));
      const watched = episodes.slice(0, choice.watched);
      marks += watched.length;
      for (const episode of watched) expect(after.get(episode.id)?.isWatched, `${choice.releaseId} ${episode.ordinal}`).toBe(true);
      for (const episode of episodes.slice(choice.watched))
        expect(after.get(episode.id)?.isWatched ?? false).toBe(before.get(episode.id)?.isWatched ?? false);
    }
    expect(marks).toBeGreaterThan(50);
    expect(after.get(secondEpisodes[0]!.id)?.time).toBe(5_000);
  });
});

describe("the MyAnimeList file of the site's collections", () => {
  it("reads back into the same collections, and names the releases it cannot carry", async () => {
    const calls = upstreams["in-process"]();
    const { index } = await catalogue(calls);
    const types: CollectionType[] = ["WATCHING", "WATCHED", "POSTPONED", "ABANDONED", "PLANNED"];
    const chosen = index.slice(0, 60).map((release, position) => ({ releaseId: release.id, type: types[position % types.length]! }));
    await calls.lists.addToCollection(chosen);
    const withoutMal = chosen.filter((entry) => index.find((release) => release.id === entry.releaseId)?.mal === null);
    expect(withoutMal.length).toBeGreaterThan(0);
    expect((await splitCollections(calls)).notExportable.map((entry) => entry.releaseId).sort()).toEqual(
      withoutMal.map((entry) => entry.releaseId).sort(),
    );

    const xml = await buildListExport(calls);
    const before = new Map((await calls.lists.collectionIds()).map((entry) => [entry.releaseId, entry.type]));
    await calls.lists.removeFromCollection(chosen.map((entry) => entry.releaseId));
    expect(await calls.lists.collectionIds()).toEqual([]);

    const reading = await readMalXml(xml);
    if (!reading.ok) throw new Error(reading.message);
    const preview = await previewList(calls, reading);
    expect(preview.counts).toEqual({ matched: chosen.length - withoutMal.length, guessed: 0, unmatched: 0 });
    await importListChoices(calls, allTicked(preview));
    const after = new Map((await calls.lists.collectionIds()).map((entry) => [entry.releaseId, entry.type]));
    for (const entry of withoutMal) before.delete(entry.releaseId);
    expect(after).toEqual(before);
  });
});

describe("a Shikimori JSON export", () => {
  it("is matched by its ids, its Russian titles guessed, its manga left out", async () => {
    const calls = upstreams["in-process"]();
    const { index } = await catalogue(calls);
    const known = index.filter((release) => release.shikimori !== null).slice(0, 20);
    const guessable = index.find((release) => release.mal === null && release.shikimori === null && release.names.main) as IndexedRelease;
    const statuses = ["planned", "watching", "rewatching", "completed", "on_hold", "dropped"];
    const file = [
      ...known.map((release, position) => ({
        target_title: `Romaji ${position}`,
        target_title_ru: null,
        target_id: release.shikimori,
        target_type: "Anime",
        score: 7,
        status: statuses[position % statuses.length],
        rewatches: 0,
        episodes: 1,
        text: null,
      })),
      {
        target_title: "Nothing like it",
        target_title_ru: guessable.names.main,
        target_id: UNKNOWN_ID,
        target_type: "Anime",
        score: 0,
        status: "completed",
        rewatches: 0,
        episodes: 0,
        text: "",
      },
      {
        target_title: "A manga",
        target_title_ru: "Манга",
        target_id: 2,
        target_type: "Manga",
        score: 0,
        status: "planned",
        rewatches: 0,
        episodes: 0,
        text: null,
      },
    ];
    const reading = await readShikimoriJson(JSON.parse(JSON.stringify(file)) as unknown[]);
    if (!reading.ok) throw new Error(reading.message);
    expect(reading.entries).toHaveLength(known.length + 1);
    const preview = await previewList(calls, reading);
    expect(preview.counts).toEqual({ matched: known.length, guessed: 1, unmatched: 0 });
    expect(preview.rows.map((row) => row.collection).slice(0, 6)).toEqual([
      "PLANNED",
      "WATCHING",
      "WATCHING",
      "WATCHED",
      "POSTPONED",
      "ABANDONED",
    ]);
    expect(preview.rows.at(-1)?.match).toMatchObject({ releaseId: guessable.id, guess: true });
  });
});

describe("reading a long MyAnimeList file (decision 0281)", () => {
  it("gives the event loop turns while it reads: other requests are served meanwhile, even before a refusal", async () => {
    let turns = 0;
    let reading = true;
    const countTurn = () => {
      if (!reading) return;
      turns += 1;
      setImmediate(countTurn);
    };
    setImmediate(countTurn);
    // 131,000 records in about 1 MB, the last tag crossed: refused only at its end.
    const answer = await readMalXml(`<myanimelist>${"<anime/>".repeat(131_000)}</anime>`);
    reading = false;
    expect(answer.ok).toBe(false);
    expect(turns).toBeGreaterThanOrEqual(20);
  });
});
