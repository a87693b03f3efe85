// The e-mail notification switches (beyond the document, docs/decisions/0082).
import { z } from "zod/v4";
import { NOTIFICATION_SETTINGS, type NotificationSettings } from "~/domain/account-settings";
import type { ApiContext } from "./context";
import { requestJson } from "./request";
import { flag } from "./schemas";

const UPSTREAM_NOTIFICATION_KEYS = {
  newEpisodes: "new_episodes",
  collectionUpdates: "collection_updates",
  news: "news",
  securityAlerts: "security_alerts",
} as const satisfies Record<keyof NotificationSettings, string>;

const NotificationSettingsSchema = z
  .object(Object.fromEntries(NOTIFICATION_SETTINGS.map((key) => [UPSTREAM_NOTIFICATION_KEYS[key], flag])) as Record<string, typeof flag>)
  .passthrough()
  .transform(
    (raw) =>
      Object.fromEntries(NOTIFICATION_SETTINGS.map((key) => [key, raw[UPSTREAM_NOTIFICATION_KEYS[key]] === true])) as NotificationSettings,
  );

const NOTIFICATIONS_PATH = "/accounts/users/me/notifications/settings";

export function getNotificationSettings(context: ApiContext): Promise<NotificationSettings> {
  return requestJson(context, { path: NOTIFICATIONS_PATH }, NotificationSettingsSchema);
}

export function saveNotificationSettings(context: ApiContext, settings: NotificationSettings): Promise<NotificationSettings> {
  const body = Object.fromEntries(NOTIFICATION_SETTINGS.map((key) => [UPSTREAM_NOTIFICATION_KEYS[key], settings[key]]));
  return requestJson(context, { method: "POST", path: NOTIFICATIONS_PATH, body }, NotificationSettingsSchema);
}
