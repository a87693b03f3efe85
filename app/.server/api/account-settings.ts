// Account settings calls beyond API v1's document (decision 0082): profile fields, password, avatar,
// notification switches and linked social accounts. An upstream without them answers 404 or 405.
import { z } from "zod";
import type { Profile } from "~/domain/account";
import { SOCIAL_PROVIDERS, type SocialProvider } from "~/domain/account";
import { NOTIFICATION_SETTINGS, type NotificationSettings, type SocialLink } from "~/domain/account-settings";
import { ProfileSchema, toProfile } from "./accounts";
import { toApiContext, type ApiCaller } from "./context";
import { UpstreamMalformedError, UpstreamNotFoundError } from "./errors";
import { flag, IgnoredBodySchema, listSchema, optionalText } from "./schemas";
import { requestJson } from "./request";

/** The upstream does not have this call at all (404 Not Found or 405 Method Not Allowed). */
export function isUnsupportedCall(error: unknown): boolean {
  return error instanceof UpstreamNotFoundError || (error instanceof UpstreamMalformedError && error.status === 405);
}

async function profileCall(caller: ApiCaller, method: "POST" | "DELETE", path: string, body?: unknown): Promise<Profile> {
  const context = toApiContext(caller);
  return toProfile(await requestJson(context, { method, path, body }, ProfileSchema), context.mediaOrigin);
}

export function changeNickname(caller: ApiCaller, nickname: string): Promise<Profile> {
  return profileCall(caller, "POST", "/accounts/users/me/profile/nickname", { nickname });
}

export function changeEmail(caller: ApiCaller, input: { email: string; currentPassword: string }): Promise<Profile> {
  return profileCall(caller, "POST", "/accounts/users/me/profile/email", { email: input.email, current_password: input.currentPassword || undefined });
}

/** Ends the account's other sessions too (the embedded API does; decision 0082). */
export async function changePassword(caller: ApiCaller, input: { currentPassword: string; password: string; passwordConfirmation: string }): Promise<void> {
  const body = { current_password: input.currentPassword || undefined, password: input.password, password_confirmation: input.passwordConfirmation };
  await requestJson(toApiContext(caller), { method: "POST", path: "/accounts/users/me/profile/password", body }, IgnoredBodySchema);
}

export function uploadAvatar(caller: ApiCaller, file: Blob, fileName: string): Promise<Profile> {
  const body = new FormData();
  body.set("avatar", file, fileName);
  return profileCall(caller, "POST", "/accounts/users/me/profile/avatar", body);
}

export function removeAvatar(caller: ApiCaller): Promise<Profile> {
  return profileCall(caller, "DELETE", "/accounts/users/me/profile/avatar");
}

// ---- notification switches ----------------------------------------------------------------------------

const UPSTREAM_NOTIFICATION_KEYS = {
  newEpisodes: "new_episodes",
  collectionUpdates: "collection_updates",
  news: "news",
  securityAlerts: "security_alerts",
} as const satisfies Record<keyof NotificationSettings, string>;

const NotificationSettingsSchema = z
  .object(Object.fromEntries(NOTIFICATION_SETTINGS.map((key) => [UPSTREAM_NOTIFICATION_KEYS[key], flag])) as Record<string, typeof flag>)
  .passthrough()
  .transform((raw) => Object.fromEntries(NOTIFICATION_SETTINGS.map((key) => [key, raw[UPSTREAM_NOTIFICATION_KEYS[key]] === true])) as NotificationSettings);

const NOTIFICATIONS_PATH = "/accounts/users/me/notifications/settings";

export function getNotificationSettings(caller: ApiCaller): Promise<NotificationSettings> {
  return requestJson(toApiContext(caller), { path: NOTIFICATIONS_PATH }, NotificationSettingsSchema);
}

export function saveNotificationSettings(caller: ApiCaller, settings: NotificationSettings): Promise<NotificationSettings> {
  const body = Object.fromEntries(NOTIFICATION_SETTINGS.map((key) => [UPSTREAM_NOTIFICATION_KEYS[key], settings[key]]));
  return requestJson(toApiContext(caller), { method: "POST", path: NOTIFICATIONS_PATH, body }, NotificationSettingsSchema);
}

// ---- linked social accounts ----------------------------------------------------------------------------

const SocialLinksSchema = listSchema(
  z
    .object({ provider: z.string(), name: optionalText, is_linked: flag, identity: optionalText, linked_at: optionalText })
    .passthrough(),
).transform((rows) =>
  rows.flatMap((row): SocialLink[] => {
    const provider = SOCIAL_PROVIDERS.find((known) => known === row.provider);
    // Providers this build has no sign-in for are left out: nothing could be done with them here.
    return provider ? [{ provider, name: row.name ?? provider, isLinked: row.is_linked, identity: row.identity, linkedAt: row.linked_at }] : [];
  }),
);

export function getSocialLinks(caller: ApiCaller): Promise<SocialLink[]> {
  return requestJson(toApiContext(caller), { path: "/accounts/users/me/socials" }, SocialLinksSchema);
}

const SocialStartSchema = z.object({ url: z.string().url(), state: z.string().min(1) }).passthrough();

/** Where to send the user to allow the link; `host` is where the provider returns to. */
export async function startSocialLink(caller: ApiCaller, provider: SocialProvider, host: string): Promise<{ url: string; state: string }> {
  const path = `/accounts/users/me/socials/${encodeURIComponent(provider)}/link`;
  const answer = await requestJson(toApiContext(caller), { path, query: { host } }, SocialStartSchema);
  return { url: answer.url, state: answer.state };
}

export function completeSocialLink(caller: ApiCaller, provider: SocialProvider, state: string): Promise<SocialLink[]> {
  const path = `/accounts/users/me/socials/${encodeURIComponent(provider)}/link`;
  return requestJson(toApiContext(caller), { method: "POST", path, body: { state } }, SocialLinksSchema);
}

export function unlinkSocial(caller: ApiCaller, provider: SocialProvider): Promise<SocialLink[]> {
  return requestJson(toApiContext(caller), { method: "DELETE", path: `/accounts/users/me/socials/${encodeURIComponent(provider)}` }, SocialLinksSchema);
}
