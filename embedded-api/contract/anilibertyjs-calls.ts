// Every method of anilibertyjs (a third-party client of the live API v1, written from its current document) as a
// call with the shape its typings expect, and the judge of an answer: status, top-level shape and the live
// contract (document + overlay). Where its typings disagree with the official apps, the apps win: the call names
// the exception and the evidence. Used by anilibertyjs.test.ts (the embedded API over HTTP) and by the site's
// proxy test (app/.server/api-proxy-anilibertyjs.test.ts).
import type { AniLibertyClient, ApiResponse } from "anilibertyjs";
import type { OpenApiValidator } from "./openapi-validator";

/**
 * Top-level shapes: a bare array, a bare object, a page {data, meta}, a list wrapped in {data}, XML, a file, and
 * "empty" for methods typed void (the client reads no body).
 */
export type Shape = "array" | "object" | "page" | "data-list" | "empty" | "xml" | "file";

/** What the calls share: ids found on the way, the client's token, what to undo at the end. */
export interface CallState {
  baseUrl: string;
  releaseId: number;
  releaseAlias: string;
  /** A release with episodes and torrents that is in none of the signed-in account's lists. */
  listReleaseId: number;
  episodeId: string;
  torrentId: number;
  torrentHash: string;
  genreId: number;
  franchiseId: string;
  franchiseReleaseId: number;
  otpCode: string;
  socialState: string;
  socialEmail: string;
  resetToken: string;
  /** Reads a development page of the embedded API (the mailbox), or posts to one (the social consent). */
  devPage: (path: string, form?: Record<string, string>) => Promise<string>;
  /** A second client, for the device of the OTP flow and for the social login (their tokens are not the account's). */
  otherClient: () => AniLibertyClient;
}

export interface ConformanceCall {
  /** The client's method. */
  method: keyof AniLibertyClient;
  /** The live operation it calls (as in the contract). */
  operation: string;
  invoke: (client: AniLibertyClient, state: CallState) => Promise<ApiResponse<unknown>>;
  /** The top-level shape the client's typings give. */
  typed: Shape;
  /** Where the official apps (and the live service) say otherwise: they win. */
  exception?: { live: Shape | "same"; why: string };
  /** Needs the account's token. */
  signedIn?: boolean;
  /** Learns ids or tokens for the calls after it. */
  remember?: (data: unknown, state: CallState, client: AniLibertyClient) => void | Promise<void>;
}

type Json = Record<string, unknown>;
const first = (data: unknown): Json => ((Array.isArray(data) ? data : ((data as Json).data as unknown[])) as Json[])[0] ?? {};

/**
 * Fields the client types non-null that recorded live answers carry as null (its typings are wrong here; the
 * contract's overlay has them nullable): [schema of the document, property].
 */
export const NULL_IN_RECORDED_ANSWERS: readonly [schema: string, property: string][] = [
  ["models.anime.releases.v1.release", "created_at"],
  ["models.anime.releases.v1.release", "episodes_total"],
  ["models.anime.releases.v1.release", "average_duration_of_episode"],
  ["models.anime.releases.v1.release.episode.skip", "start"],
  ["models.anime.torrents.v1.torrent", "bitrate"],
  ["models.anime.torrents.v1.torrent.codec", "label_color"],
];

const BARE_ARRAY_IN_APPS =
  "the client types {data}; the iOS, Android and desktop apps decode a bare array (strictly), as the live service answers";
const XML_READ_RAW = "the client parses JSON only, so its data is null; the answer is read raw (XML)";

export const CONFORMANCE_CALLS: ConformanceCall[] = [
  { method: "getAppStatus", operation: "GET /app/status", typed: "object", invoke: (c) => c.getAppStatus() },
  ...(
    [
      ["getCatalogAgeRatings", "age-ratings"],
      ["getCatalogGenres", "genres"],
      ["getCatalogProductionStatuses", "production-statuses"],
      ["getCatalogPublishStatuses", "publish-statuses"],
      ["getCatalogSeasons", "seasons"],
      ["getCatalogSorting", "sorting"],
      ["getCatalogTypes", "types"],
      ["getCatalogYears", "years"],
    ] as const
  ).map(([method, reference]): ConformanceCall => ({
    method,
    operation: `GET /anime/catalog/references/${reference}`,
    typed: "array",
    invoke: (c) => c[method](),
  })),
  {
    method: "getCatalogReleases",
    operation: "GET /anime/catalog/releases",
    typed: "page",
    invoke: (c) => c.getCatalogReleases({ limit: 50, page: 1 }),
    remember: (data, state) => {
      const releases = (data as { data: Json[] }).data;
      const release = releases.find((item) => Number(item.episodes_total) > 1 && item.is_blocked_by_copyrights === false) ?? {};
      state.releaseId = release.id as number;
      state.releaseAlias = release.alias as string;
    },
  },
  {
    method: "getCatalogReleasesPost",
    operation: "POST /anime/catalog/releases",
    typed: "page",
    invoke: (c) => c.getCatalogReleasesPost({ page: 1, limit: 5, f: { sorting: "RATING_DESC" } }),
  },
  {
    method: "getFranchises",
    operation: "GET /anime/franchises",
    typed: "array",
    invoke: (c) => c.getFranchises(),
    remember: (data, state) => {
      state.franchiseId = first(data).id as string;
    },
  },
  {
    method: "getFranchise",
    operation: "GET /anime/franchises/{franchiseId}",
    typed: "object",
    invoke: (c, s) => c.getFranchise(s.franchiseId),
    remember: (data, state) => {
      state.franchiseReleaseId = ((data as Json).franchise_releases as Json[])[0]?.release_id as number;
    },
  },
  {
    method: "getRandomFranchises",
    operation: "GET /anime/franchises/random",
    typed: "array",
    invoke: (c) => c.getRandomFranchises({ limit: 3 }),
  },
  {
    method: "getFranchisesByRelease",
    operation: "GET /anime/franchises/release/{releaseId}",
    typed: "array",
    invoke: (c, s) => c.getFranchisesByRelease(s.franchiseReleaseId),
  },
  {
    method: "getGenres",
    operation: "GET /anime/genres",
    typed: "array",
    invoke: (c) => c.getGenres(),
    remember: (data, state) => {
      state.genreId = first(data).id as number;
    },
  },
  { method: "getGenre", operation: "GET /anime/genres/{genreId}", typed: "object", invoke: (c, s) => c.getGenre(s.genreId) },
  { method: "getRandomGenres", operation: "GET /anime/genres/random", typed: "array", invoke: (c) => c.getRandomGenres({ limit: 4 }) },
  {
    method: "getGenreReleases",
    operation: "GET /anime/genres/{genreId}/releases",
    typed: "page",
    invoke: (c, s) => c.getGenreReleases(s.genreId, { limit: 5 }),
  },
  {
    method: "getLatestReleases",
    operation: "GET /anime/releases/latest",
    typed: "array",
    invoke: (c) => c.getLatestReleases({ limit: 10 }),
  },
  {
    method: "getRandomReleases",
    operation: "GET /anime/releases/random",
    typed: "array",
    invoke: (c) => c.getRandomReleases({ limit: 3 }),
  },
  {
    method: "getRecommendedReleases",
    operation: "GET /anime/releases/recommended",
    typed: "array",
    invoke: (c, s) => c.getRecommendedReleases({ limit: 5, release_id: s.releaseId }),
  },
  {
    method: "getReleasesList",
    operation: "GET /anime/releases/list",
    typed: "page",
    invoke: (c, s) => c.getReleasesList({ ids: [s.releaseId, s.franchiseReleaseId] }),
  },
  {
    method: "getRelease",
    operation: "GET /anime/releases/{idOrAlias}",
    typed: "object",
    invoke: (c, s) => c.getRelease(s.releaseAlias),
    remember: (data, state) => {
      const release = data as Json;
      state.episodeId = (release.episodes as Json[])[0]?.id as string;
      const torrent = (release.torrents as Json[])[0] ?? {};
      state.torrentId = torrent.id as number;
      state.torrentHash = torrent.hash as string;
    },
  },
  {
    method: "getReleaseMembers",
    operation: "GET /anime/releases/{idOrAlias}/members",
    typed: "array",
    invoke: (c, s) => c.getReleaseMembers(s.releaseId),
  },
  {
    method: "getEpisode",
    operation: "GET /anime/releases/episodes/{releaseEpisodeId}",
    typed: "object",
    invoke: (c, s) => c.getEpisode(s.episodeId),
  },
  { method: "getScheduleNow", operation: "GET /anime/schedule/now", typed: "object", invoke: (c) => c.getScheduleNow() },
  {
    method: "getScheduleWeek",
    operation: "GET /anime/schedule/week",
    typed: "data-list",
    exception: { live: "array", why: BARE_ARRAY_IN_APPS },
    invoke: (c) => c.getScheduleWeek(),
  },
  { method: "getTorrents", operation: "GET /anime/torrents", typed: "page", invoke: (c) => c.getTorrents({ limit: 5 }) },
  { method: "getTorrent", operation: "GET /anime/torrents/{hashOrId}", typed: "object", invoke: (c, s) => c.getTorrent(s.torrentHash) },
  {
    method: "downloadTorrentFile",
    operation: "GET /anime/torrents/{hashOrId}/file",
    typed: "file",
    invoke: (c, s) => c.downloadTorrentFile(s.torrentId),
  },
  {
    method: "getReleaseTorrents",
    operation: "GET /anime/torrents/release/{releaseId}",
    typed: "array",
    invoke: (c, s) => c.getReleaseTorrents(s.releaseId),
  },
  {
    method: "getTorrentsRss",
    operation: "GET /anime/torrents/rss",
    typed: "xml",
    exception: { live: "same", why: XML_READ_RAW },
    invoke: (c) => c.getTorrentsRss({ limit: 5 }),
  },
  {
    method: "getReleaseTorrentsRss",
    operation: "GET /anime/torrents/rss/release/{releaseId}",
    typed: "xml",
    exception: { live: "same", why: XML_READ_RAW },
    invoke: (c, s) => c.getReleaseTorrentsRss(s.releaseId),
  },
  { method: "searchReleases", operation: "GET /app/search/releases", typed: "array", invoke: (c) => c.searchReleases({ query: "а" }) },
  {
    method: "getMediaPromotions",
    operation: "GET /media/promotions",
    typed: "data-list",
    exception: { live: "array", why: "the client types {data}; the iOS app decodes a bare array (strictly), as the live service answers" },
    invoke: (c) => c.getMediaPromotions(),
  },
  {
    method: "getMediaVideos",
    operation: "GET /media/videos",
    typed: "data-list",
    exception: {
      live: "array",
      why: "the client types {data}; the iOS and Android apps decode a bare array (strictly), as the live service answers",
    },
    invoke: (c) => c.getMediaVideos({ limit: 5 }),
  },
  { method: "getTeams", operation: "GET /teams/", typed: "array", invoke: (c) => c.getTeams() },
  { method: "getTeamRoles", operation: "GET /teams/roles", typed: "array", invoke: (c) => c.getTeamRoles() },
  { method: "getTeamUsers", operation: "GET /teams/users", typed: "array", invoke: (c) => c.getTeamUsers() },
  { method: "getVastAds", operation: "GET /media/vasts", typed: "array", invoke: (c) => c.getVastAds() },
  {
    method: "getVastManifest",
    operation: "GET /media/manifest.xml",
    typed: "xml",
    exception: { live: "same", why: XML_READ_RAW },
    invoke: (c) => c.getVastManifest(),
  },

  // Signed in (the demo account), every change undone at the end.
  {
    method: "login",
    operation: "POST /accounts/users/auth/login",
    typed: "object",
    invoke: (c) => c.login({ login: "demo", password: "demo-password" }),
  },
  {
    method: "getMyProfile",
    operation: "GET /accounts/users/me/profile",
    typed: "object",
    signedIn: true,
    invoke: (c) => c.getMyProfile(),
  },
  {
    method: "getFavoriteIds",
    operation: "GET /accounts/users/me/favorites/ids",
    typed: "array",
    signedIn: true,
    invoke: (c) => c.getFavoriteIds(),
    remember: async (data, state, client) => {
      // A release of the catalogue's first page in none of the account's lists: what is added is then removed.
      const collected = new Set([...(data as number[])]);
      const catalogue = (await (await fetch(`${state.baseUrl}/anime/catalog/releases?limit=50&f[sorting]=RATING_DESC`)).json()) as {
        data: Json[];
      };
      const collections = (await (
        await fetch(`${state.baseUrl}/accounts/users/me/collections/ids`, {
          headers: { authorization: `Bearer ${client.getAccessToken()}` },
        })
      ).json()) as [number, string][];
      for (const [id] of collections) collected.add(id);
      const release = catalogue.data.find((item) => !collected.has(item.id as number) && Number(item.episodes_total) > 1) ?? {};
      state.listReleaseId = release.id as number;
    },
  },
  {
    method: "addToFavorites",
    operation: "POST /accounts/users/me/favorites",
    typed: "array",
    signedIn: true,
    invoke: (c, s) => c.addToFavorites([{ release_id: s.listReleaseId }]),
  },
  {
    method: "getFavoriteReleases",
    operation: "GET /accounts/users/me/favorites/releases",
    typed: "page",
    signedIn: true,
    invoke: (c) => c.getFavoriteReleases({ limit: 5 }),
  },
  {
    method: "getFavoriteReleasesPost",
    operation: "POST /accounts/users/me/favorites/releases",
    typed: "page",
    signedIn: true,
    invoke: (c) => c.getFavoriteReleasesPost({ page: 1, limit: 5, f: { sorting: "CREATED_AT_DESC" } }),
  },
  ...(
    [
      ["getFavoriteAgeRatings", "age-ratings"],
      ["getFavoriteGenres", "genres"],
      ["getFavoriteSorting", "sorting"],
      ["getFavoriteTypes", "types"],
      ["getFavoriteYears", "years"],
    ] as const
  ).map(([method, reference]): ConformanceCall => ({
    method,
    operation: `GET /accounts/users/me/favorites/references/${reference}`,
    typed: "array",
    signedIn: true,
    invoke: (c) => c[method](),
  })),
  {
    method: "addToCollection",
    operation: "POST /accounts/users/me/collections",
    typed: "array",
    signedIn: true,
    invoke: (c, s) => c.addToCollection([{ release_id: s.listReleaseId, type_of_collection: "WATCHING" }]),
  },
  {
    method: "getCollectionIds",
    operation: "GET /accounts/users/me/collections/ids",
    typed: "array",
    signedIn: true,
    invoke: (c) => c.getCollectionIds(),
  },
  {
    method: "getCollectionReleases",
    operation: "GET /accounts/users/me/collections/releases",
    typed: "page",
    signedIn: true,
    invoke: (c) => c.getCollectionReleases({ type_of_collection: "WATCHING", limit: 5 }),
  },
  {
    method: "getCollectionReleasesPost",
    operation: "POST /accounts/users/me/collections/releases",
    typed: "page",
    signedIn: true,
    invoke: (c) => c.getCollectionReleasesPost({ type_of_collection: "WATCHING", page: 1, limit: 5 }),
  },
  ...(
    [
      ["getCollectionAgeRatings", "age-ratings"],
      ["getCollectionGenres", "genres"],
      ["getCollectionTypes", "types"],
      ["getCollectionYears", "years"],
    ] as const
  ).map(([method, reference]): ConformanceCall => ({
    method,
    operation: `GET /accounts/users/me/collections/references/${reference}`,
    typed: "array",
    signedIn: true,
    invoke: (c) => c[method](),
  })),
  {
    method: "updateViewTimecodes",
    operation: "POST /accounts/users/me/views/timecodes",
    typed: "empty",
    signedIn: true,
    invoke: async (c, s) => {
      const episodes = (await (await fetch(`${s.baseUrl}/anime/releases/${s.listReleaseId}`)).json()) as { episodes: Json[] };
      s.episodeId = episodes.episodes[0]?.id as string;
      return c.updateViewTimecodes([{ time: 95, is_watched: false, release_episode_id: s.episodeId }]);
    },
  },
  {
    method: "getViewTimecodes",
    operation: "GET /accounts/users/me/views/timecodes",
    typed: "array",
    signedIn: true,
    invoke: (c) => c.getViewTimecodes(),
  },
  {
    method: "getEpisodeTimecode",
    operation: "GET /anime/releases/episodes/{releaseEpisodeId}/timecode",
    typed: "object",
    signedIn: true,
    invoke: (c, s) => c.getEpisodeTimecode(s.episodeId),
  },
  {
    method: "getReleaseEpisodesTimecodes",
    operation: "GET /anime/releases/{idOrAlias}/episodes/timecodes",
    typed: "array",
    signedIn: true,
    invoke: (c, s) => c.getReleaseEpisodesTimecodes(s.listReleaseId),
  },
  {
    method: "getViewHistory",
    operation: "GET /accounts/users/me/views/history",
    typed: "page",
    signedIn: true,
    invoke: (c) => c.getViewHistory({ limit: 5 }),
  },

  // Device linking: the device asks for a code, the signed-in account accepts it, the device signs in with it.
  {
    method: "otpGet",
    operation: "POST /accounts/otp/get",
    typed: "object",
    invoke: (_c, s) => s.otherClient().otpGet({ device_id: "conformance-device" }),
    remember: (data, state) => {
      state.otpCode = String(((data as Json).otp as Json).code);
    },
  },
  {
    method: "otpAccept",
    operation: "POST /accounts/otp/accept",
    typed: "empty",
    exception: { live: "same", why: "the client types code as a number; the iOS and Android apps send a string, and so does this call" },
    signedIn: true,
    invoke: (c, s) => c.otpAccept({ code: s.otpCode as unknown as number }),
  },
  {
    method: "otpLogin",
    operation: "POST /accounts/otp/login",
    typed: "object",
    exception: { live: "same", why: "code sent as a string, as the official apps send it" },
    invoke: (_c, s) => s.otherClient().otpLogin({ code: s.otpCode as unknown as number, device_id: "conformance-device" }),
  },

  // Social login through the embedded API's consent stand-in, then a password reset for that account.
  {
    method: "socialAuthLogin",
    operation: "GET /accounts/users/auth/social/{provider}/login",
    typed: "object",
    invoke: (_c, s) => s.otherClient().socialAuthLogin("google"),
    remember: async (data, state) => {
      state.socialState = (data as Json).state as string;
      await state.devPage("/embedded/oauth/google", { state: state.socialState, identity: "conformance", decision: "allow" });
      state.socialEmail = "google_conformance@google.social.local";
    },
  },
  {
    method: "socialAuthAuthenticate",
    operation: "GET /accounts/users/auth/social/authenticate",
    typed: "object",
    invoke: (_c, s) => s.otherClient().socialAuthAuthenticate(s.socialState),
  },
  {
    method: "passwordForget",
    operation: "POST /accounts/users/auth/password/forget",
    typed: "empty",
    invoke: (_c, s) => s.otherClient().passwordForget({ email: s.socialEmail }),
    remember: async (_data, state) => {
      const mailbox = await state.devPage("/embedded/mailbox");
      state.resetToken = decodeURIComponent(/resetPassword\?token=([^"&<\s]+)/.exec(mailbox)?.[1] ?? "");
    },
  },
  {
    method: "passwordReset",
    operation: "POST /accounts/users/auth/password/reset",
    typed: "empty",
    invoke: (_c, s) =>
      s.otherClient().passwordReset({ token: s.resetToken, password: "conformance-pass-1", password_confirmation: "conformance-pass-1" }),
  },

  // Clean-up: what the calls above added to the account goes.
  {
    method: "deleteViewTimecodes",
    operation: "DELETE /accounts/users/me/views/timecodes",
    typed: "empty",
    signedIn: true,
    invoke: (c, s) => c.deleteViewTimecodes([{ release_episode_id: s.episodeId }]),
  },
  {
    method: "removeFromCollection",
    operation: "DELETE /accounts/users/me/collections",
    typed: "array",
    signedIn: true,
    invoke: (c, s) => c.removeFromCollection([{ release_id: s.listReleaseId }]),
  },
  {
    method: "removeFromFavorites",
    operation: "DELETE /accounts/users/me/favorites",
    typed: "array",
    signedIn: true,
    invoke: (c, s) => c.removeFromFavorites([{ release_id: s.listReleaseId }]),
  },
  { method: "logout", operation: "POST /accounts/users/auth/logout", typed: "object", signedIn: true, invoke: (c) => c.logout() },
];

function shapeOf(data: unknown): Shape | "other" {
  if (Array.isArray(data)) return "array";
  if (data === null || data === undefined) return "empty";
  if (typeof Blob !== "undefined" && data instanceof Blob) return "file";
  if (typeof data !== "object") return "other";
  const keys = Object.keys(data);
  if (keys.includes("data") && keys.includes("meta")) return "page";
  if (keys.length === 1 && keys[0] === "data") return "data-list";
  return "object";
}

/** What is wrong with an answer to `call` (empty when it conforms). `raw` is the body as text, for XML. */
export function judge(call: ConformanceCall, answer: ApiResponse<unknown>, validator: OpenApiValidator, raw?: string): string[] {
  if (answer.status !== 200) return [`status ${answer.status}: ${JSON.stringify(answer.error ?? null).slice(0, 200)}`];
  const live = validator.liveAnswer(call.operation);
  // Typed void: the client reads no body. The contract may still say there is none (the timecode writes).
  if (call.typed === "empty")
    return live.kind === "empty" && raw !== "" ? [`a body where the live service sends none: ${raw?.slice(0, 80)}`] : [];
  const expected = call.exception && call.exception.live !== "same" ? call.exception.live : call.typed;
  if (expected === "xml") return raw?.startsWith("<?xml") ? [] : [`not XML: ${String(raw).slice(0, 80)}`];
  const actual = shapeOf(answer.data);
  if (actual !== expected) return [`shape ${actual}, expected ${expected}`];
  if (live.kind !== "json" || !live.schema) return [];
  return validator.validate(live.schema, answer.data);
}
