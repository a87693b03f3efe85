// The account: sign-in flows, profile, location, favorites, collections, timecodes, device listing.
import { z } from "zod";
import type {
  AccountListQuery,
  AccountSession,
  ViewHistoryEntry,
  AccountListReferences,
  CollectionEntry,
  CollectionQuery,
  CollectionType,
  FavoriteSortingValue,
  FavoritesQuery,
  Location,
  PasswordResetInput,
  Profile,
  RegistrationInput,
  SocialProvider,
  TimecodeEntry,
} from "~/domain/account";
import type { AgeRatingValue, Release, ReleaseTypeValue } from "~/domain/release";
import type { ReferenceOption } from "~/domain/catalog";
import type { Page } from "~/domain/pagination";
import { toApiContext, type ApiCaller } from "./context";
import { UpstreamNotFoundError } from "./errors";
import { GenreOptionsSchema, ReferenceOptionsSchema, YearsSchema } from "./references";
import { EpisodeSchema, ReleaseSchema, toEpisode, toRelease } from "./release-schema";
import { requestJson } from "./request";
import { countNumber, flag, IgnoredBodySchema, ImageSchema, listSchema, mapPage, numericId, optionalText, pageSchema, resolveImage, stringId } from "./schemas";

// ---- sign-in flows -------------------------------------------------------------------------------

const TokenSchema = z.object({ token: z.string().min(1) }).passthrough();
const OptionalTokenSchema = z
  .object({ token: z.string().nullish() })
  .passthrough()
  .nullish()
  .transform((answer) => answer?.token || null);

/** The upstream token for these credentials; bad credentials → `UpstreamUnauthorizedError`. */
export async function login(caller: ApiCaller, credentials: { login: string; password: string }): Promise<string> {
  const answer = await requestJson(toApiContext(caller), { method: "POST", path: "/accounts/users/auth/login", body: credentials }, TokenSchema);
  return answer.token;
}

export async function logout(caller: ApiCaller): Promise<void> {
  await requestJson(toApiContext(caller), { method: "POST", path: "/accounts/users/auth/logout" }, IgnoredBodySchema);
}

export async function register(caller: ApiCaller, input: RegistrationInput): Promise<void> {
  const body = {
    login: input.login,
    email: input.email,
    nickname: input.nickname,
    password: input.password,
    password_confirmation: input.passwordConfirmation,
    recaptcha_token: input.recaptchaToken,
  };
  await requestJson(toApiContext(caller), { method: "POST", path: "/accounts/users/auth/registration/new", body }, IgnoredBodySchema);
}

/** Confirms the e-mail; some servers sign the user in at once and answer a token. */
export function verifyRegistration(caller: ApiCaller, token: string): Promise<string | null> {
  return requestJson(toApiContext(caller), { method: "POST", path: "/accounts/users/auth/registration/verify", body: { token } }, OptionalTokenSchema);
}

export async function forgetPassword(caller: ApiCaller, email: string): Promise<void> {
  await requestJson(toApiContext(caller), { method: "POST", path: "/accounts/users/auth/password/forget", body: { email } }, IgnoredBodySchema);
}

export async function resetPassword(caller: ApiCaller, input: PasswordResetInput): Promise<void> {
  const body = { token: input.token, password: input.password, password_confirmation: input.passwordConfirmation };
  await requestJson(toApiContext(caller), { method: "POST", path: "/accounts/users/auth/password/reset", body }, IgnoredBodySchema);
}

const SocialLoginSchema = z.object({ url: z.string().url(), state: z.string().min(1) }).passthrough();

/** Where to send the user for OAuth, and the state to poll with. `host` is where the provider returns to. */
export async function getSocialLogin(caller: ApiCaller, provider: SocialProvider, host?: string): Promise<{ url: string; state: string }> {
  const answer = await requestJson(
    toApiContext(caller),
    { path: `/accounts/users/auth/social/${encodeURIComponent(provider)}/login`, query: { host } },
    SocialLoginSchema,
  );
  return { url: answer.url, state: answer.state };
}

/** The token once the user finished OAuth, null while still pending (the upstream answers 404). */
export async function authenticateSocial(caller: ApiCaller, state: string): Promise<string | null> {
  try {
    const answer = await requestJson(toApiContext(caller), { path: "/accounts/users/auth/social/authenticate", query: { state } }, TokenSchema);
    return answer.token;
  } catch (error) {
    if (error instanceof UpstreamNotFoundError) return null;
    throw error;
  }
}

/** Links a device: the signed-in user enters the 6-digit code the device shows. */
export async function acceptOtp(caller: ApiCaller, code: number): Promise<void> {
  await requestJson(toApiContext(caller), { method: "POST", path: "/accounts/otp/accept", body: { code } }, IgnoredBodySchema);
}

/** The device fingerprint sent on load (docs/product.md#calls); the answer is not used. */
export async function postListing(caller: ApiCaller, body: { pl: string; wtchd: null }): Promise<void> {
  await requestJson(toApiContext(caller), { method: "POST", path: "/accounts/listing", body }, IgnoredBodySchema);
}

// ---- profile and location ------------------------------------------------------------------------

export const ProfileSchema = z
  .object({
    id: numericId,
    email: optionalText,
    login: optionalText,
    nickname: optionalText,
    avatar: ImageSchema,
    is_banned: z.boolean().nullish(),
    torrents: z
      .object({ passkey: optionalText, uploaded: countNumber, downloaded: countNumber })
      .passthrough()
      .nullish(),
    created_at: optionalText,
    // Kept as unknown so only a literal `true` turns an ad flag on (docs/product.md#entities).
    is_with_video_ads: z.unknown(),
    is_with_video_ads_always: z.unknown(),
    is_with_content_ads: z.unknown(),
  })
  .passthrough();

export function toProfile(raw: z.output<typeof ProfileSchema>, mediaOrigin: string): Profile {
  return {
    id: raw.id,
    email: raw.email,
    login: raw.login,
    avatar: resolveImage(raw.avatar, mediaOrigin),
    nickname: raw.nickname,
    isBanned: raw.is_banned === true,
    torrents: { passkey: raw.torrents?.passkey ?? null, uploaded: raw.torrents?.uploaded ?? 0, downloaded: raw.torrents?.downloaded ?? 0 },
    createdAt: raw.created_at,
    isWithVideoAds: raw.is_with_video_ads === true,
    isWithVideoAdsAlways: raw.is_with_video_ads_always === true,
    isWithContentAds: raw.is_with_content_ads === true,
  };
}

export async function getProfile(caller: ApiCaller): Promise<Profile> {
  const context = toApiContext(caller);
  return toProfile(await requestJson(context, { path: "/accounts/users/me/profile" }, ProfileSchema), context.mediaOrigin);
}

export const LocationSchema = z
  .object({
    ip: optionalText,
    country: optionalText,
    iso_code: optionalText,
    timezone: optionalText,
    parameters: z
      .object({ should_hide_torrents: z.unknown(), is_government_request: z.unknown() })
      .passthrough()
      .nullish(),
  })
  .passthrough();

export async function getLocation(caller: ApiCaller): Promise<Location> {
  const raw = await requestJson(toApiContext(caller), { path: "/accounts/users/location" }, LocationSchema);
  return {
    ip: raw.ip,
    country: raw.country,
    isoCode: raw.iso_code,
    timezone: raw.timezone,
    parameters: {
      shouldHideTorrents: raw.parameters?.should_hide_torrents === true,
      isGovernmentRequest: raw.parameters?.is_government_request === true,
    },
  };
}

// ---- favorites and collections ----------------------------------------------------------------------

export const FavoriteIdsSchema = listSchema(numericId);

/** `[[release_id, "WATCHING"], …]` (objects accepted too). */
export const CollectionIdsSchema = listSchema(
  z.union([
    z.tuple([numericId, z.string()]).rest(z.unknown()).transform(([releaseId, type]) => ({ releaseId, type })),
    z
      .object({ release_id: numericId, type_of_collection: z.string() })
      .passthrough()
      .transform((entry) => ({ releaseId: entry.release_id, type: entry.type_of_collection })),
  ]),
);

const AccountReleasesPageSchema = pageSchema(ReleaseSchema);

function listFilterParams(query: AccountListQuery) {
  return {
    page: query.page,
    limit: query.limit,
    "f[types]": query.types,
    "f[years]": query.years,
    "f[genres]": query.genres,
    "f[search]": query.search?.trim(),
    "f[age_ratings]": query.ageRatings,
  };
}

export async function getFavoriteIds(caller: ApiCaller): Promise<number[]> {
  return requestJson(toApiContext(caller), { path: "/accounts/users/me/favorites/ids" }, FavoriteIdsSchema);
}

export async function getFavoriteReleases(caller: ApiCaller, query: FavoritesQuery): Promise<Page<Release>> {
  const context = toApiContext(caller);
  const page = await requestJson(
    context,
    { path: "/accounts/users/me/favorites/releases", query: { ...listFilterParams(query), "f[sorting]": query.sorting } },
    AccountReleasesPageSchema,
  );
  return mapPage(page, (release) => toRelease(release, context.mediaOrigin));
}

/** Answers the whole id list afterwards. */
export function addFavorites(caller: ApiCaller, releaseIds: number[]): Promise<number[]> {
  const body = releaseIds.map((releaseId) => ({ release_id: releaseId }));
  return requestJson(toApiContext(caller), { method: "POST", path: "/accounts/users/me/favorites", body }, FavoriteIdsSchema);
}

export function removeFavorites(caller: ApiCaller, releaseIds: number[]): Promise<number[]> {
  const body = releaseIds.map((releaseId) => ({ release_id: releaseId }));
  return requestJson(toApiContext(caller), { method: "DELETE", path: "/accounts/users/me/favorites", body }, FavoriteIdsSchema);
}

export async function getCollectionIds(caller: ApiCaller): Promise<CollectionEntry[]> {
  return requestJson(toApiContext(caller), { path: "/accounts/users/me/collections/ids" }, CollectionIdsSchema);
}

export async function getCollectionReleases(caller: ApiCaller, query: CollectionQuery): Promise<Page<Release>> {
  const context = toApiContext(caller);
  const page = await requestJson(
    context,
    { path: "/accounts/users/me/collections/releases", query: { ...listFilterParams(query), type_of_collection: query.collection } },
    AccountReleasesPageSchema,
  );
  return mapPage(page, (release) => toRelease(release, context.mediaOrigin));
}

/** Adds or moves releases; answers every collection entry afterwards. */
export function addToCollection(caller: ApiCaller, entries: { releaseId: number; type: CollectionType }[]): Promise<CollectionEntry[]> {
  const body = entries.map((entry) => ({ release_id: entry.releaseId, type_of_collection: entry.type }));
  return requestJson(toApiContext(caller), { method: "POST", path: "/accounts/users/me/collections", body }, CollectionIdsSchema);
}

export function removeFromCollection(caller: ApiCaller, releaseIds: number[]): Promise<CollectionEntry[]> {
  const body = releaseIds.map((releaseId) => ({ release_id: releaseId }));
  return requestJson(toApiContext(caller), { method: "DELETE", path: "/accounts/users/me/collections", body }, CollectionIdsSchema);
}

/** The filter lists of the favorites or collections page, built from the user's own releases (not cached). */
export async function getAccountListReferences(caller: ApiCaller, list: "favorites" | "collections"): Promise<AccountListReferences> {
  const context = toApiContext(caller);
  const base = `/accounts/users/me/${list}/references`;
  const [genres, types, years, ageRatings, sorting] = await Promise.all([
    requestJson(context, { path: `${base}/genres` }, GenreOptionsSchema),
    requestJson(context, { path: `${base}/types` }, ReferenceOptionsSchema),
    requestJson(context, { path: `${base}/years` }, YearsSchema),
    requestJson(context, { path: `${base}/age-ratings` }, ReferenceOptionsSchema),
    list === "favorites" ? requestJson(context, { path: `${base}/sorting` }, ReferenceOptionsSchema) : Promise.resolve([]),
  ]);
  return {
    genres,
    types: types as ReferenceOption<ReleaseTypeValue>[],
    years,
    ageRatings: ageRatings as ReferenceOption<AgeRatingValue>[],
    sorting: sorting as ReferenceOption<FavoriteSortingValue>[],
  };
}

// ---- timecodes -------------------------------------------------------------------------------------------

/** `[[release_episode_id, time_seconds, is_watched], …]` (objects accepted too). */
export const TimecodesSchema = listSchema(
  z.union([
    z
      .tuple([stringId, z.number(), z.unknown()])
      .rest(z.unknown())
      .transform(([releaseEpisodeId, time, isWatched]) => ({ releaseEpisodeId, time, isWatched: isWatched === true })),
    z
      .object({ release_episode_id: stringId, time: z.number(), is_watched: z.unknown() })
      .passthrough()
      .transform((entry) => ({ releaseEpisodeId: entry.release_episode_id, time: entry.time, isWatched: entry.is_watched === true })),
  ]),
);

/** `since` (ISO date-time) limits the answer to changes after it. */
export function getTimecodes(caller: ApiCaller, since?: string): Promise<TimecodeEntry[]> {
  return requestJson(toApiContext(caller), { path: "/accounts/users/me/views/timecodes", query: { since } }, TimecodesSchema);
}

/** The live server answers 200 with an empty body; the document, a tuple list. Neither is needed. */
export async function saveTimecodes(caller: ApiCaller, entries: TimecodeEntry[]): Promise<void> {
  const body = entries.map((entry) => ({ time: entry.time, is_watched: entry.isWatched, release_episode_id: entry.releaseEpisodeId }));
  await requestJson(toApiContext(caller), { method: "POST", path: "/accounts/users/me/views/timecodes", body }, IgnoredBodySchema);
}

export async function deleteTimecodes(caller: ApiCaller, releaseEpisodeIds: string[]): Promise<void> {
  const body = releaseEpisodeIds.map((releaseEpisodeId) => ({ release_episode_id: releaseEpisodeId }));
  await requestJson(toApiContext(caller), { method: "DELETE", path: "/accounts/users/me/views/timecodes", body }, IgnoredBodySchema);
}


// ---- sessions and history (beyond the document; the settings and history pages) ------------------------

const AccountSessionSchema = z
  .object({
    id: stringId,
    device: z.object({ name: optionalText, version: optionalText, platform: optionalText }).passthrough().nullish(),
    browser: z.object({ name: optionalText, version: optionalText }).passthrough().nullish(),
    location: z.object({ country: optionalText, iso_code: optionalText }).passthrough().nullish(),
    is_mobile: flag,
    ip_address: optionalText,
    is_current: flag,
    last_active: optionalText,
    created_at: optionalText,
  })
  .passthrough();

export const AccountSessionsSchema = listSchema(AccountSessionSchema);

function joinedText(...parts: (string | null | undefined)[]): string | null {
  return parts.filter(Boolean).join(" ") || null;
}

function toAccountSessions(rows: z.output<typeof AccountSessionsSchema>): AccountSession[] {
  return rows.map((row) => ({
    id: row.id,
    device: joinedText(row.device?.name, row.device?.platform),
    browser: joinedText(row.browser?.name, row.browser?.version),
    country: row.location?.country ?? null,
    isoCode: row.location?.iso_code ?? null,
    isMobile: row.is_mobile,
    ipAddress: row.ip_address,
    isCurrent: row.is_current,
    lastActiveAt: row.last_active,
    createdAt: row.created_at,
  }));
}

export async function getAccountSessions(caller: ApiCaller): Promise<AccountSession[]> {
  return toAccountSessions(await requestJson(toApiContext(caller), { path: "/accounts/users/me/sessions" }, AccountSessionsSchema));
}

/** Ends one session (ending the current one signs this browser out: the answer is then empty). */
export async function endAccountSession(caller: ApiCaller, sessionId: string): Promise<AccountSession[]> {
  const path = `/accounts/users/me/sessions/${encodeURIComponent(sessionId)}`;
  return toAccountSessions(await requestJson(toApiContext(caller), { method: "DELETE", path }, AccountSessionsSchema));
}

/** Ends every session but the current one. */
export async function endOtherAccountSessions(caller: ApiCaller): Promise<AccountSession[]> {
  return toAccountSessions(await requestJson(toApiContext(caller), { method: "DELETE", path: "/accounts/users/me/sessions" }, AccountSessionsSchema));
}

const ViewHistoryPageSchema = pageSchema(
  z
    .object({ release: ReleaseSchema.nullish(), episode: EpisodeSchema.nullish(), time: countNumber, is_watched: flag, viewed_at: optionalText })
    .passthrough(),
);

export async function getViewHistory(caller: ApiCaller, paging: { page?: number; limit?: number } = {}): Promise<Page<ViewHistoryEntry>> {
  const context = toApiContext(caller);
  const page = await requestJson(context, { path: "/accounts/users/me/views/history", query: paging }, ViewHistoryPageSchema);
  return mapPage(page, (entry) => ({
    release: entry.release ? toRelease(entry.release, context.mediaOrigin) : null,
    episode: entry.episode ? toEpisode(entry.episode, context.mediaOrigin) : null,
    time: entry.time,
    isWatched: entry.is_watched,
    viewedAt: entry.viewed_at,
  }));
}
