// Account settings beyond API v1's document (decision 0082): notification switches and linked social accounts.
import type { SocialProvider } from "./account";

export const NOTIFICATION_SETTINGS = ["newEpisodes", "collectionUpdates", "news", "securityAlerts"] as const;
export type NotificationSetting = (typeof NOTIFICATION_SETTINGS)[number];
export type NotificationSettings = Record<NotificationSetting, boolean>;

export type SocialLink = {
  provider: SocialProvider;
  /** The provider's name as the upstream says it ("VK ID"). */
  name: string;
  isLinked: boolean;
  /** The account name at the provider, when linked. */
  identity: string | null;
  linkedAt: string | null;
};
