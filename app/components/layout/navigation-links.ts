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

/**
 * React Router's NavLink rule, without its hooks: the shown path is the section's own or one below it, compared
 * case-insensitively (a trailing slash on either side does not matter).
 */
export function isInSection(shownPathname: string, sectionPath: string): boolean {
  const shown = shownPathname.toLowerCase();
  const section = sectionPath.toLowerCase();
  if (shown === section) return true;
  const slashPosition = section !== "/" && section.endsWith("/") ? section.length - 1 : section.length;
  return shown.startsWith(section) && shown.charAt(slashPosition) === "/";
}
