// Every operation of the live API is called and its answer validated against the contract: the June 2025 document
// amended by the overlay of the live service's departures and additions (live-overlay.json, docs/upstream.md).
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OpenApiValidator, liveOverlay, openApiDocument, type LiveOverlay } from "./openapi-validator";
import { TestClient, asJson, asList, type ApiAnswer } from "../test-support";

interface Fixture {
  token: string;
  releaseId: number;
  releaseAlias: string;
  episodeId: string;
  secondEpisodeId: string;
  torrentId: number;
  torrentHash: string;
  franchiseId: string;
  franchiseReleaseId: number;
  genreId: number;
}

interface ContractCall {
  path: (fixture: Fixture) => string;
  body?: (fixture: Fixture) => unknown;
  signedIn?: boolean;
  /** For calls whose 200 answer is neither JSON nor described by the overlay. */
  contentType?: string;
}

const CALLS: Record<string, ContractCall> = {
  "POST /accounts/otp/get": { path: () => "/accounts/otp/get", body: () => ({ device_id: "contract-device" }) },
  "POST /accounts/otp/accept": {
    path: () => "/accounts/otp/accept",
    signedIn: true,
    body: () => ({ code: "__OTP__" }),
  },
  "POST /accounts/otp/login": {
    path: () => "/accounts/otp/login",
    body: () => ({ code: "__OTP__", device_id: "contract-device" }),
  },
  "POST /accounts/users/auth/login": {
    path: () => "/accounts/users/auth/login",
    body: () => ({ login: "demo", password: "demo-password" }),
  },
  "GET /accounts/users/auth/social/{provider}/login": {
    path: () => "/accounts/users/auth/social/vk/login?host=http%3A%2F%2Fapp.test",
  },
  "GET /accounts/users/auth/social/authenticate": {
    path: () => "/accounts/users/auth/social/authenticate?state=__SOCIAL__",
  },
  "POST /accounts/users/auth/logout": { path: () => "/accounts/users/auth/logout", signedIn: true },
  "POST /accounts/users/auth/password/forget": {
    path: () => "/accounts/users/auth/password/forget",
    body: () => ({ email: "demo@anilibria.local" }),
  },
  "POST /accounts/users/auth/password/reset": {
    path: () => "/accounts/users/auth/password/reset",
    body: () => ({ token: "__RESET__", password: "demo-password", password_confirmation: "demo-password" }),
  },
  "GET /accounts/users/me/collections/references/age-ratings": {
    path: () => "/accounts/users/me/collections/references/age-ratings",
    signedIn: true,
  },
  "GET /accounts/users/me/collections/references/genres": {
    path: () => "/accounts/users/me/collections/references/genres",
    signedIn: true,
  },
  "GET /accounts/users/me/collections/references/types": {
    path: () => "/accounts/users/me/collections/references/types",
    signedIn: true,
  },
  "GET /accounts/users/me/collections/references/years": {
    path: () => "/accounts/users/me/collections/references/years",
    signedIn: true,
  },
  "GET /accounts/users/me/collections/ids": { path: () => "/accounts/users/me/collections/ids", signedIn: true },
  "GET /accounts/users/me/collections/releases": {
    path: () => "/accounts/users/me/collections/releases?type_of_collection=WATCHING&limit=5",
    signedIn: true,
  },
  "POST /accounts/users/me/collections/releases": {
    path: () => "/accounts/users/me/collections/releases",
    signedIn: true,
    body: () => ({ type_of_collection: "WATCHING", page: 1, limit: 5 }),
  },
  "POST /accounts/users/me/collections": {
    path: () => "/accounts/users/me/collections",
    signedIn: true,
    body: (fixture) => [{ release_id: fixture.releaseId, type_of_collection: "WATCHING" }],
  },
  "DELETE /accounts/users/me/collections": {
    path: () => "/accounts/users/me/collections",
    signedIn: true,
    body: (fixture) => [{ release_id: fixture.franchiseReleaseId }],
  },
  "GET /accounts/users/me/favorites/references/age-ratings": {
    path: () => "/accounts/users/me/favorites/references/age-ratings",
    signedIn: true,
  },
  "GET /accounts/users/me/favorites/references/genres": {
    path: () => "/accounts/users/me/favorites/references/genres",
    signedIn: true,
  },
  "GET /accounts/users/me/favorites/references/sorting": {
    path: () => "/accounts/users/me/favorites/references/sorting",
    signedIn: true,
  },
  "GET /accounts/users/me/favorites/references/types": {
    path: () => "/accounts/users/me/favorites/references/types",
    signedIn: true,
  },
  "GET /accounts/users/me/favorites/references/years": {
    path: () => "/accounts/users/me/favorites/references/years",
    signedIn: true,
  },
  "GET /accounts/users/me/favorites/ids": { path: () => "/accounts/users/me/favorites/ids", signedIn: true },
  "GET /accounts/users/me/favorites/releases": {
    path: () => "/accounts/users/me/favorites/releases?limit=5&f[sorting]=CREATED_AT_DESC",
    signedIn: true,
  },
  "POST /accounts/users/me/favorites/releases": {
    path: () => "/accounts/users/me/favorites/releases",
    signedIn: true,
    body: () => ({ page: 1, limit: 5, f: { sorting: "RATING_DESC" } }),
  },
  "POST /accounts/users/me/favorites": {
    path: () => "/accounts/users/me/favorites",
    signedIn: true,
    body: (fixture) => [{ release_id: fixture.releaseId }],
  },
  "DELETE /accounts/users/me/favorites": {
    path: () => "/accounts/users/me/favorites",
    signedIn: true,
    body: (fixture) => [{ release_id: fixture.franchiseReleaseId }],
  },
  "GET /accounts/users/me/profile": { path: () => "/accounts/users/me/profile", signedIn: true },
  "GET /accounts/users/me/views/timecodes": { path: () => "/accounts/users/me/views/timecodes", signedIn: true },
  "POST /accounts/users/me/views/timecodes": {
    path: () => "/accounts/users/me/views/timecodes",
    signedIn: true,
    body: (fixture) => [{ time: 12.5, is_watched: false, release_episode_id: fixture.episodeId }],
  },
  "DELETE /accounts/users/me/views/timecodes": {
    path: () => "/accounts/users/me/views/timecodes",
    signedIn: true,
    // Another episode: the timecode reads by episode and by release come later and need the first one.
    body: (fixture) => [{ release_episode_id: fixture.secondEpisodeId }],
  },
  "GET /media/vasts": { path: () => "/media/vasts" },
  "GET /media/manifest.xml": { path: () => "/media/manifest.xml" },
  "GET /anime/catalog/releases": {
    path: () => "/anime/catalog/releases?limit=10&f[types]=TV,WEB&f[sorting]=RATING_DESC&f[years][from_year]=2000",
  },
  "POST /anime/catalog/releases": {
    path: () => "/anime/catalog/releases",
    body: () => ({ page: 1, limit: 10, f: { types: ["TV", "ONA"], years: { from_year: 2005, to_year: 2026 } } }),
  },
  "GET /anime/catalog/references/age-ratings": { path: () => "/anime/catalog/references/age-ratings" },
  "GET /anime/catalog/references/genres": { path: () => "/anime/catalog/references/genres" },
  "GET /anime/catalog/references/production-statuses": { path: () => "/anime/catalog/references/production-statuses" },
  "GET /anime/catalog/references/publish-statuses": { path: () => "/anime/catalog/references/publish-statuses" },
  "GET /anime/catalog/references/seasons": { path: () => "/anime/catalog/references/seasons" },
  "GET /anime/catalog/references/sorting": { path: () => "/anime/catalog/references/sorting" },
  "GET /anime/catalog/references/types": { path: () => "/anime/catalog/references/types" },
  "GET /anime/catalog/references/years": { path: () => "/anime/catalog/references/years" },
  "GET /anime/franchises": { path: () => "/anime/franchises" },
  "GET /anime/franchises/{franchiseId}": { path: (fixture) => `/anime/franchises/${fixture.franchiseId}` },
  "GET /anime/franchises/random": { path: () => "/anime/franchises/random?limit=3" },
  "GET /anime/franchises/release/{releaseId}": {
    path: (fixture) => `/anime/franchises/release/${fixture.franchiseReleaseId}`,
  },
  "GET /anime/genres": { path: () => "/anime/genres" },
  "GET /anime/genres/{genreId}": { path: (fixture) => `/anime/genres/${fixture.genreId}` },
  "GET /anime/genres/random": { path: () => "/anime/genres/random?limit=4" },
  "GET /anime/genres/{genreId}/releases": { path: (fixture) => `/anime/genres/${fixture.genreId}/releases?limit=5` },
  "GET /anime/releases/latest": { path: () => "/anime/releases/latest?limit=10" },
  "GET /anime/releases/random": { path: () => "/anime/releases/random?limit=3" },
  "GET /anime/releases/list": {
    path: (fixture) => `/anime/releases/list?ids=${fixture.releaseId},${fixture.franchiseReleaseId}&aliases=${fixture.releaseAlias}`,
  },
  "GET /anime/releases/{idOrAlias}": { path: (fixture) => `/anime/releases/${fixture.releaseAlias}` },
  "GET /anime/releases/{idOrAlias}/members": { path: (fixture) => `/anime/releases/${fixture.releaseId}/members` },
  "GET /anime/releases/episodes/{releaseEpisodeId}": {
    path: (fixture) => `/anime/releases/episodes/${fixture.episodeId}`,
  },
  "GET /anime/releases/recommended": { path: (fixture) => `/anime/releases/recommended?limit=5&release_id=${fixture.releaseId}` },
  "GET /anime/releases/episodes/{releaseEpisodeId}/timecode": {
    path: (fixture) => `/anime/releases/episodes/${fixture.episodeId}/timecode`,
    signedIn: true,
  },
  "GET /anime/releases/{idOrAlias}/episodes/timecodes": {
    path: (fixture) => `/anime/releases/${fixture.releaseAlias}/episodes/timecodes`,
    signedIn: true,
  },
  "GET /accounts/users/me/views/history": { path: () => "/accounts/users/me/views/history?limit=5", signedIn: true },
  "GET /app/status": { path: () => "/app/status" },
  "GET /anime/schedule/now": { path: () => "/anime/schedule/now" },
  "GET /anime/schedule/week": { path: () => "/anime/schedule/week" },
  "GET /anime/torrents": { path: () => "/anime/torrents?limit=5" },
  "GET /anime/torrents/{hashOrId}": { path: (fixture) => `/anime/torrents/${fixture.torrentHash}` },
  "GET /anime/torrents/{hashOrId}/file": {
    path: (fixture) => `/anime/torrents/${fixture.torrentId}/file`,
    contentType: "application/x-bittorrent",
  },
  "GET /anime/torrents/release/{releaseId}": { path: (fixture) => `/anime/torrents/release/${fixture.releaseId}` },
  "GET /anime/torrents/rss": { path: () => "/anime/torrents/rss?limit=5", contentType: "application/rss+xml" },
  "GET /anime/torrents/rss/release/{releaseId}": {
    path: (fixture) => `/anime/torrents/rss/release/${fixture.releaseId}`,
    contentType: "application/rss+xml",
  },
  "GET /app/search/releases": { path: () => "/app/search/releases?query=%D0%B0" },
  "GET /media/promotions": { path: () => "/media/promotions" },
  "GET /media/videos": { path: () => "/media/videos?limit=5" },
  "GET /teams/": { path: () => "/teams/" },
  "GET /teams/roles": { path: () => "/teams/roles" },
  "GET /teams/users": { path: () => "/teams/users" },
};

/** January 2025: before the document added `shikimori` and `mal` to releases and `release_id` to episodes. */
const ADDED_AFTER_THE_RECORDINGS = new Set(["shikimori", "mal", "release_id"]);
const overlayOfTheRecordings: LiveOverlay = {
  ...liveOverlay,
  fields: Object.fromEntries(
    Object.entries(liveOverlay.fields).map(([schema, fields]) => [
      schema,
      Object.fromEntries(
        Object.entries(fields).map(([name, field]) => [name, ADDED_AFTER_THE_RECORDINGS.has(name) ? { ...field, required: false } : field]),
      ),
    ]),
  ),
};
const recordingValidator = new OpenApiValidator(openApiDocument, overlayOfTheRecordings);

describe("OpenAPI contract", () => {
  const client = new TestClient();
  const validator = new OpenApiValidator();
  const fixture = {} as Fixture;
  const placeholders: Record<string, string> = {};

  beforeAll(async () => {
    fixture.token = await client.signIn();
    const release = asList(
      (await client.get("/anime/catalog/releases?limit=50&f[sorting]=RATING_DESC")).body &&
        asJson((await client.get("/anime/catalog/releases?limit=50&f[sorting]=RATING_DESC")).body).data,
    ).find((item) => Number(item.episodes_total) > 1 && item.is_blocked_by_copyrights === false) as Record<string, unknown>;
    const detail = asJson((await client.get(`/anime/releases/${String(release.id)}`)).body);
    fixture.releaseId = detail.id as number;
    fixture.releaseAlias = detail.alias as string;
    fixture.episodeId = asList(detail.episodes)[0]?.id as string;
    fixture.secondEpisodeId = asList(detail.episodes)[1]?.id as string;
    const torrent = asList(detail.torrents)[0] as Record<string, unknown>;
    fixture.torrentId = torrent.id as number;
    fixture.torrentHash = torrent.hash as string;
    fixture.genreId = asList(detail.genres)[0]?.id as number;
    const franchise = asList((await client.get("/anime/franchises")).body)[0] as Record<string, unknown>;
    fixture.franchiseId = franchise.id as string;
    const franchiseDetail = asJson((await client.get(`/anime/franchises/${fixture.franchiseId}`)).body);
    fixture.franchiseReleaseId = asList(franchiseDetail.franchise_releases)[0]?.release_id as number;

    // Non-empty lists, so the item schemas are exercised too.
    await client.post("/accounts/users/me/favorites", {
      token: fixture.token,
      body: [{ release_id: fixture.franchiseReleaseId }, { release_id: fixture.releaseId }],
    });
    await client.post("/accounts/users/me/collections", {
      token: fixture.token,
      body: [
        { release_id: fixture.franchiseReleaseId, type_of_collection: "WATCHING" },
        { release_id: fixture.releaseId, type_of_collection: "PLANNED" },
      ],
    });
    await client.post("/accounts/users/me/views/timecodes", {
      token: fixture.token,
      body: [
        { time: 30, is_watched: true, release_episode_id: fixture.episodeId },
        { time: 40, is_watched: false, release_episode_id: fixture.secondEpisodeId },
      ],
    });
    placeholders.__OTP__ = String(
      asJson(asJson((await client.post("/accounts/otp/get", { body: { device_id: "contract-device" } })).body).otp).code,
    );
    const social = asJson((await client.get("/accounts/users/auth/social/google/login?host=http%3A%2F%2Fapp.test")).body);
    placeholders.__SOCIAL__ = social.state as string;
    await client.post("/embedded/oauth/google", {
      rawBody: new URLSearchParams({
        state: social.state as string,
        identity: "contract",
        decision: "allow",
      }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    // The reset signs the account out everywhere, so it runs on the social user, not on the demo account.
    await client.post("/accounts/users/auth/password/forget", {
      body: { email: "google_contract@google.social.local" },
    });
    const mailbox = (await client.get("/embedded/mailbox")).text;
    placeholders.__RESET__ = decodeURIComponent(/resetPassword\?token=([^"&<\s]+)/.exec(mailbox)?.[1] ?? "");
  });

  afterAll(() => client.close());

  const liveOperations = validator.liveOperations();

  it("has a contract call for every operation of the live API: the document's 72 (65 paths), 2 moved, 7 added", () => {
    expect(validator.documentOperations()).toHaveLength(72);
    expect(liveOperations).toHaveLength(77);
    expect(liveOperations.filter((operation) => !CALLS[operation])).toEqual([]);
  });

  const substitute = (value: unknown): unknown =>
    JSON.parse(
      JSON.stringify(value ?? null).replace(/"__(OTP|SOCIAL|RESET)__"/g, (match) => JSON.stringify(placeholders[match.slice(1, -1)])),
    );

  it.each(liveOperations.filter((operation) => operation !== "POST /accounts/users/auth/logout"))(
    "%s answers in the live form",
    async (operation) => {
      const call = CALLS[operation] as ContractCall;
      const [method] = operation.split(" ") as [string, string];
      let path = call.path(fixture);
      path = path.replace(/__SOCIAL__/, encodeURIComponent(placeholders.__SOCIAL__ ?? ""));
      const body = call.body ? substitute(call.body(fixture)) : undefined;
      const answer: ApiAnswer = await client.call(method, path, {
        token: call.signedIn ? fixture.token : null,
        body,
      });
      expect(answer.status, `${operation}: ${answer.text.slice(0, 300)}`).toBe(200);
      const live = validator.liveAnswer(operation);
      if (live.kind === "empty") {
        expect(answer.text).toBe("");
        return;
      }
      const contentType = live.kind === "content" ? live.contentType : call.contentType;
      if (contentType) {
        expect(answer.headers.get("content-type")).toContain(contentType);
        expect(answer.text.length).toBeGreaterThan(0);
        return;
      }
      expect(answer.headers.get("content-type")).toContain("application/json");
      if (Array.isArray(answer.body)) expect(answer.body.length, `${operation} should not be empty in the demo`).toBeGreaterThan(0);
      if (live.kind === "json" && live.schema) expect(validator.validate(live.schema, answer.body)).toEqual([]);
    },
  );

  it.each(validator.tokenOnlyOperations())("%s answers 403 without a token", async (operation) => {
    const call = CALLS[operation] as ContractCall;
    expect((await client.get(call.path(fixture))).status).toBe(403);
  });

  it("lists the live genres: 35 names with their fixed ids, in the live order", async () => {
    const genres = asList((await client.get("/anime/genres")).body).map((genre) => [genre.id, genre.name]);
    expect(genres).toEqual(liveOverlay.genres.list);
  });

  it.each([
    ["GET /anime/releases/latest", "latest-14-2025-01-15.json"],
    ["GET /anime/genres", "genres-35-2025-01-20.json"],
  ])("the recorded live answer to %s fits the contract, apart from fields added after it was recorded", (operation, file) => {
    const recorded = JSON.parse(fs.readFileSync(new URL(`../../tests/fixtures/live-api/${file}`, import.meta.url), "utf8")) as unknown;
    const live = recordingValidator.liveAnswer(operation);
    expect(recordingValidator.validate((live.kind === "json" ? live.schema : null) as Record<string, unknown>, recorded)).toEqual([]);
  });

  it("the recorded genre list is the overlay's", () => {
    const recorded = JSON.parse(
      fs.readFileSync(new URL("../../tests/fixtures/live-api/genres-35-2025-01-20.json", import.meta.url), "utf8"),
    ) as { id: number; name: string }[];
    expect(recorded.map((genre) => [genre.id, genre.name])).toEqual(liveOverlay.genres.list);
  });

  it("the validator rejects answers that break the contract", async () => {
    const live = validator.liveAnswer("GET /anime/releases/{idOrAlias}");
    const releaseSchema = (live.kind === "json" ? live.schema : null) as Record<string, unknown>;
    const release = asJson((await client.get(`/anime/releases/${fixture.releaseAlias}`)).body);
    expect(validator.validate(releaseSchema, release)).toEqual([]);
    expect(validator.validate(releaseSchema, { ...release, id: "not a number", name: { main: 5 } })).not.toEqual([]);
    expect(validator.validate(releaseSchema, { ...release, episodes: [{ hls_480: 480 }] })).not.toEqual([]);
    // The overlay's additions are required, its date form enforced.
    const { episodes_are_unknown: _dropped, ...withoutFlag } = release;
    expect(validator.validate(releaseSchema, withoutFlag)).not.toEqual([]);
    expect(validator.validate(releaseSchema, { ...release, fresh_at: "2025-01-16T08:17:44.123Z" })).not.toEqual([]);
    expect(validator.validate(releaseSchema, [release])).not.toEqual([]);
  });

  it("POST /accounts/users/auth/logout answers in the documented form", async () => {
    const token = await client.signIn();
    const answer = await client.post("/accounts/users/auth/logout", { token });
    expect(answer.status).toBe(200);
    const schema = validator.responseSchema("POST", "/accounts/users/auth/logout");
    expect(validator.validate(schema as Record<string, unknown>, answer.body)).toEqual([]);
    expect(answer.body).toEqual({ token: null });
  });
});
