// Addresses of the settings sections (docs/product.md#routes: /app/settings/ opens the site section).
import { settingsStrings } from "./strings";

export const SETTINGS_SECTIONS = ["site", "account", "socials", "sessions", "notifications"] as const;
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

export const settingsPath = (section: SettingsSection): string => `/app/settings/${section}`;

export const settingsSectionLinks = SETTINGS_SECTIONS.map((section) => ({
  to: settingsPath(section),
  label: settingsStrings.sections[section],
}));

export const SOCIAL_LINK_CALLBACK_PATH = "/app/settings/socials/callback";
export const socialLinkStartPath = (provider: string): string => `/app/settings/socials/link/${encodeURIComponent(provider)}`;

/** "Аккаунт — Настройки": sections are personal pages, never indexed. */
export function settingsPageMeta(section: SettingsSection) {
  return {
    title: `${settingsStrings.sections[section]} — ${settingsStrings.title}`,
    description: settingsStrings.description,
    noindex: true,
  };
}
