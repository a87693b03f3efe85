// Real client calls through the in-process transport against the embedded API (in-memory SQLite).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createEmbeddedApi, toNodeListener } from "../../../embedded-api/index";
import { forwardToEmbeddedApi } from "../api-proxy.server";
import { referenceCache } from "../reference-cache.server";
import * as authApi from "./auth";
import * as listsApi from "./lists";
import * as profileApi from "./profile";
import * as sessionsApi from "./sessions";
import * as viewsApi from "./views";
import { getCatalogReferences, getCatalogReleases } from "./catalog";
import type { ApiContext } from "./context";
import { UpstreamForbiddenError, UpstreamNotFoundError, UpstreamUnauthorizedError, UpstreamValidationError } from "./errors";
import { getFranchise, getFranchises, getReleaseFranchises } from "./franchises";
import { getGenre, getGenreReleases, getGenres } from "./genres";
import { getPromotions, getVideos } from "./media";
import { getEpisode, getLatestReleaseCards, getRelease, getReleaseMembers, getReleasesByIds } from "./releases";
import { getScheduleNow, getScheduleWeek } from "./schedule";
import { getTeams, getTeamUsers } from "./teams";
import { getReleaseTorrents, getTorrents } from "./torrents";
import { loadEmbeddedApiModule, networkTransport } from "./transport";

const ORIGIN = "http://localhost:3000";
let api: ReturnType<typeof createEmbeddedApi>;
let context: (token?: string | null) => ApiContext;

// The in-process answers carry values the client reads through the embedded API's entry, loaded first as the server does.
beforeAll(() => loadEmbeddedApiModule());

beforeAll(() => {
  api = createEmbeddedApi({ dbPath: ":memory:", seed: { releases: 40 } });
  context = (token = null) => ({
    upstream: { baseUrl: `${ORIGIN}/api/v1`, transport: (request, options) => api.handle(request, options), embedded: true },
    token,
    timeoutMs: 5_000,
    signal: null,
    mediaOrigin: ORIGIN,
    forwardedFor: "203.0.113.7",
    userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0",
    reads: null,
  });
  referenceCache.clear();
});

afterAll(() => api.close());

describe("public catalogue through the embedded API", () => {
  it("pages the catalogue with filters and resolves media on our origin", async () => {
    const page = await getCatalogReleases(context(), { page: 1, limit: 10, sorting: "RATING_DESC" });
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.pagination.perPage).toBe(10);
    expect(page.items[0]!.poster.preview).toMatch(new RegExp(`^${ORIGIN}/storage/`));
    const references = await getCatalogReferences(context());
    expect(references.types.length).toBeGreaterThan(0);
    expect(references.years.length).toBeGreaterThan(0);
    expect(references.genres.length).toBeGreaterThan(0);
    const filtered = await getCatalogReleases(context(), {
      types: [references.types[0]!.value],
      genres: [references.genres[0]!.id],
      limit: 50,
    });
    expect(filtered.items.every((release) => release.type.value === references.types[0]!.value)).toBe(true);
  });

  it("reads a release by alias and by id, its members, episodes and torrents", async () => {
    const [first] = (await getCatalogReleases(context(), { limit: 1 })).items;
    const release = await getRelease(context(), first!.alias);
    expect(release.id).toBe(first!.id);
    expect((await getRelease(context(), release.id)).alias).toBe(release.alias);
    await getReleaseMembers(context(), release.alias);
    await getReleaseTorrents(context(), release.id);
    await getReleaseFranchises(context(), release.id);
    const withEpisodes = (await getCatalogReleases(context(), { limit: 50 })).items;
    for (const candidate of withEpisodes) {
      const detail = await getRelease(context(), candidate.alias);
      if (detail.episodes.length === 0) continue;
      const episode = await getEpisode(context(), detail.episodes[0]!.id);
      expect(episode.release?.id).toBe(detail.id);
      expect([episode.hls480, episode.hls720, episode.hls1080].some((url) => url?.startsWith("http"))).toBe(true);
      return;
    }
    throw new Error("no release with episodes in the demo data");
  });

  it("answers not found for an unknown alias", async () => {
    await expect(getRelease(context(), "no-such-release-alias")).rejects.toBeInstanceOf(UpstreamNotFoundError);
  });

  it("turns limit 51 into field errors", async () => {
    await expect(getCatalogReleases(context(), { limit: 51 })).rejects.toBeInstanceOf(UpstreamValidationError);
  });

  it("reads every other public list without a schema mismatch", async () => {
    const latest = await getLatestReleaseCards(context(), 5);
    expect(latest.length).toBeGreaterThan(0);
    await getReleasesByIds(context(), { ids: latest.map((release) => release.id) });
    const genres = await getGenres(context());
    await getGenre(context(), genres[0]!.id);
    await getGenreReleases(context(), genres[0]!.id, { page: 1, limit: 5 });
    const franchises = await getFranchises(context());
    if (franchises[0]) await getFranchise(context(), franchises[0].id);
    await getScheduleNow(context());
    expect((await getScheduleWeek(context())).length).toBeGreaterThan(0);
    await getTorrents(context(), { page: 1, limit: 5 });
    await getVideos(context(), 5);
    await getPromotions(context());
    await getTeams(context());
    await getTeamUsers(context());
  });

  it("reads releases by id with each episode's place only: no media, skips, previews, members or torrents", async () => {
    const latest = await getLatestReleaseCards(context(), 3);
    const whole = await getRelease(context(), latest[0]!.alias);
    const [listed] = (await getReleasesByIds(context(), { ids: [whole.id] })).items;
    expect(listed!.episodes.map(({ id, ordinal, duration, name }) => ({ id, ordinal, duration, name }))).toEqual(
      whole.episodes.map(({ id, ordinal, duration, name }) => ({ id, ordinal, duration, name })),
    );
    expect(whole.episodes.some((episode) => episode.hls720 !== null)).toBe(true);
    expect(listed!.episodes.every((episode) => episode.hls720 === null && episode.preview.preview === null)).toBe(true);
    expect(listed!.members).toEqual([]);
  });
});

describe("embedded media and pages on our origin", () => {
  it("serves /storage posters and the /embedded dev pages through the passthrough", async () => {
    const [release] = (await getCatalogReleases(context(), { limit: 1 })).items;
    const poster = await forwardToEmbeddedApi(new Request(release!.poster.preview!), (request) => api.handle(request));
    expect(poster.status).toBe(200);
    expect(poster.headers.get("content-type")).toMatch(/^image\//);
    const missing = await forwardToEmbeddedApi(new Request(`${ORIGIN}/storage/nothing-here.jpg`), (request) => api.handle(request));
    expect(missing.status).toBe(404);
  });
});

describe("account flow through the embedded API", () => {
  it("logs in, reads the profile and location, and edits the lists", async () => {
    const token = await authApi.login(context(), { login: "demo", password: "demo-password" });
    const me = context(token);
    const profile = await profileApi.getProfile(me);
    expect(profile.login).toBe("demo");
    expect(typeof profile.isWithVideoAds).toBe("boolean");
    const location = await profileApi.getLocation(me);
    expect(location.ip).toBe("203.0.113.7");

    const [release] = (await getCatalogReleases(context(), { limit: 1 })).items;
    const favorites = await listsApi.addFavorites(me, [release!.id]);
    expect(favorites).toContain(release!.id);
    expect(await listsApi.getFavoriteIds(me)).toContain(release!.id);
    const favoritePage = await listsApi.getFavoriteReleases(me, { page: 1, limit: 12 });
    expect(favoritePage.items.map((item) => item.id)).toContain(release!.id);
    // Cards only: the episodes are left out of the answer.
    expect((await getRelease(context(), release!.alias)).episodes.length).toBeGreaterThan(0);
    expect(new Set(favoritePage.items.map((item) => item.episodes.length))).toEqual(new Set([0]));
    await listsApi.getAccountListReferences(me, "favorites");
    expect(await listsApi.removeFavorites(me, [release!.id])).not.toContain(release!.id);

    await listsApi.addToCollection(me, [{ releaseId: release!.id, type: "WATCHING" }]);
    expect(await listsApi.getCollectionIds(me)).toContainEqual({ releaseId: release!.id, type: "WATCHING" });
    expect(
      new Set((await listsApi.getCollectionReleases(me, { collection: "WATCHING" })).items.map((item) => item.episodes.length)),
    ).toEqual(new Set([0]));
    await listsApi.getAccountListReferences(me, "collections");
    await listsApi.removeFromCollection(me, [release!.id]);

    const detail = await getRelease(context(), release!.alias);
    const episodeId = detail.episodes[0]?.id;
    if (episodeId) {
      await viewsApi.saveTimecodes(me, [{ releaseEpisodeId: episodeId, time: 42, isWatched: false }]);
      expect(await viewsApi.getTimecodes(me)).toContainEqual({ releaseEpisodeId: episodeId, time: 42, isWatched: false });
      const history = await viewsApi.getViewHistory(me);
      expect(history.items[0]).toMatchObject({ release: { id: release!.id }, episode: { id: episodeId }, time: 42 });
    }

    const sessions = await sessionsApi.getAccountSessions(me);
    const current = sessions.find((session) => session.isCurrent);
    expect(current?.browser).toMatch(/Firefox/);

    await authApi.logout(me);
    await expect(profileApi.getProfile(me)).rejects.toBeInstanceOf(UpstreamForbiddenError);
  });

  it("rejects bad credentials as unauthorized, and account calls without a token as forbidden", async () => {
    await expect(authApi.login(context(), { login: "demo", password: "wrong" })).rejects.toBeInstanceOf(UpstreamUnauthorizedError);
    await expect(listsApi.getFavoriteIds(context())).rejects.toBeInstanceOf(UpstreamForbiddenError);
  });
});

describe("in-process answers handed over as values (decision 0185)", () => {
  const asText = (): ApiContext => ({ ...context(), upstream: { ...context().upstream, transport: (request) => api.handle(request) } });

  it("give exactly what the same answers read as JSON text give", async () => {
    const query = { limit: 20, sorting: "RATING_DESC" } as const;
    const [byValue, byText] = await Promise.all([getCatalogReleases(context(), query), getCatalogReleases(asText(), query)]);
    expect(byValue.items.length).toBeGreaterThan(0);
    expect(byValue).toEqual(byText);
    const alias = byValue.items[0]!.alias;
    expect(await getRelease(context(), alias)).toEqual(await getRelease(asText(), alias));
    expect(await getCatalogReferences(context())).toEqual(await getCatalogReferences(asText()));
  });

  it("carry no body: only the in-process client, which asked, reads them", async () => {
    const response = await api.handle(new Request(`${ORIGIN}/api/v1/anime/catalog/references/types`), { jsonValue: true });
    expect(response.status).toBe(200);
    expect(response.body).toBeNull();
    const plain = await api.handle(new Request(`${ORIGIN}/api/v1/anime/catalog/references/types`));
    expect(JSON.parse(await plain.text())).not.toBeNull();
  });
});

describe("the same client over HTTP (UPSTREAM_URL = the standalone embedded API)", () => {
  let server: Server;
  let upstreamOrigin: string;

  beforeAll(async () => {
    server = createServer(toNodeListener((request) => api.handle(request)));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    upstreamOrigin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const overHttp = (token: string | null = null): ApiContext => ({
    upstream: { baseUrl: `${upstreamOrigin}/api/v1`, transport: networkTransport, embedded: false },
    token,
    timeoutMs: 5_000,
    signal: null,
    mediaOrigin: upstreamOrigin,
    forwardedFor: null,
    userAgent: null,
    reads: null,
  });

  it("answers exactly what the in-process transport answers, media on the upstream's host", async () => {
    const inProcess = await getCatalogReleases(context(), { limit: 5 });
    const network = await getCatalogReleases(overHttp(), { limit: 5 });
    expect(network.items.map((release) => release.alias)).toEqual(inProcess.items.map((release) => release.alias));
    expect(network.items[0]!.poster.preview).toBe(inProcess.items[0]!.poster.preview!.replace(ORIGIN, upstreamOrigin));
    const release = await getRelease(overHttp(), network.items[0]!.alias);
    expect(release.id).toBe(network.items[0]!.id);
  });

  it("logs in and reads the profile over HTTP", async () => {
    const token = await authApi.login(overHttp(), { login: "demo", password: "demo-password" });
    expect((await profileApi.getProfile(overHttp(token))).login).toBe("demo");
  });
});
