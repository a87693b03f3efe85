// The signed-in user's profile and the visitor's location; the profile changes of the settings are calls
// beyond API v1's document (docs/decisions/0082): an upstream without them answers 404 or 405.
import { z } from "zod/v4";
import type { Location, Profile } from "~/domain/account";
import type { ApiContext } from "./context";
import { requestJson, requestJsonOncePerRequest } from "./request";
import { countNumber, IgnoredBodySchema, ImageSchema, numericId, optionalText, resolveImage } from "./schemas";

const ProfileSchema = z
  .object({
    id: numericId,
    email: optionalText,
    login: optionalText,
    nickname: optionalText,
    avatar: ImageSchema,
    is_banned: z.boolean().nullish(),
    torrents: z.object({ passkey: optionalText, uploaded: countNumber, downloaded: countNumber }).passthrough().nullish(),
    created_at: optionalText,
    // Kept as unknown so only a literal `true` turns an ad flag on (docs/product.md#entities).
    is_with_video_ads: z.unknown(),
    is_with_video_ads_always: z.unknown(),
    is_with_content_ads: z.unknown(),
  })
  .passthrough();

function toProfile(raw: z.output<typeof ProfileSchema>, mediaOrigin: string): Profile {
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

/** The root's header, the bell and the actions that need the account's id all read it: asked once per request. */
export async function getProfile(context: ApiContext): Promise<Profile> {
  return toProfile(await requestJsonOncePerRequest(context, { path: "/accounts/users/me/profile" }, ProfileSchema), context.mediaOrigin);
}

const LocationSchema = z
  .object({
    ip: optionalText,
    country: optionalText,
    iso_code: optionalText,
    timezone: optionalText,
    parameters: z.object({ should_hide_torrents: z.unknown(), is_government_request: z.unknown() }).passthrough().nullish(),
  })
  .passthrough();

export async function getLocation(context: ApiContext): Promise<Location> {
  const raw = await requestJson(context, { path: "/accounts/users/location" }, LocationSchema);
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

// ---- profile changes (beyond the document) -------------------------------------------------------------

async function profileCall(context: ApiContext, method: "POST" | "DELETE", path: string, body?: unknown): Promise<Profile> {
  return toProfile(await requestJson(context, { method, path, body }, ProfileSchema), context.mediaOrigin);
}

export function changeNickname(context: ApiContext, nickname: string): Promise<Profile> {
  return profileCall(context, "POST", "/accounts/users/me/profile/nickname", { nickname });
}

export function changeEmail(context: ApiContext, input: { email: string; currentPassword: string }): Promise<Profile> {
  return profileCall(context, "POST", "/accounts/users/me/profile/email", {
    email: input.email,
    current_password: input.currentPassword || undefined,
  });
}

/** Ends the account's other sessions too (the embedded API does; decision 0082). */
export async function changePassword(
  context: ApiContext,
  input: { currentPassword: string; password: string; passwordConfirmation: string },
): Promise<void> {
  const body = {
    current_password: input.currentPassword || undefined,
    password: input.password,
    password_confirmation: input.passwordConfirmation,
  };
  await requestJson(context, { method: "POST", path: "/accounts/users/me/profile/password", body }, IgnoredBodySchema);
}

export function uploadAvatar(context: ApiContext, file: Blob, fileName: string): Promise<Profile> {
  const body = new FormData();
  body.set("avatar", file, fileName);
  return profileCall(context, "POST", "/accounts/users/me/profile/avatar", body);
}

export function removeAvatar(context: ApiContext): Promise<Profile> {
  return profileCall(context, "DELETE", "/accounts/users/me/profile/avatar");
}
