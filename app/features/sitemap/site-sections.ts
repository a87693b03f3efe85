// The public sections of docs/product.md#routes, for the sitemaps (HTML and XML).
import { ru } from "~/i18n/ru";

export const SITE_SECTIONS = [
  { path: "/", label: ru.nav.home },
  { path: "/anime/catalog/", label: ru.nav.catalog },
  { path: "/anime/schedule", label: ru.nav.schedule },
  { path: "/anime/releases/latest/", label: ru.nav.latest },
  { path: "/anime/genres/", label: ru.nav.genres },
  { path: "/anime/franchises/", label: ru.nav.franchises },
  { path: "/anime/torrents/", label: ru.nav.torrents },
  { path: "/media/videos/latest/", label: ru.nav.videos },
  { path: "/teams", label: ru.nav.teams },
  { path: "/rules", label: ru.nav.rules },
  { path: "/support", label: ru.nav.support },
  { path: "/app/sitemap", label: ru.nav.sitemap },
] as const;
