import { ru } from "~/i18n/ru";

export const sectionLinks = [
  { to: "/anime/catalog/", label: ru.nav.catalog },
  { to: "/anime/schedule", label: ru.nav.schedule },
  { to: "/anime/releases/latest/", label: ru.nav.latest },
  { to: "/anime/genres/", label: ru.nav.genres },
  { to: "/anime/franchises/", label: ru.nav.franchises },
  { to: "/anime/torrents/", label: ru.nav.torrents },
  { to: "/media/videos/latest/", label: ru.nav.videos },
] as const;
