// The web app manifest (docs/product.md#ui: installable, theme colour black): what the browser shows when the site is installed.
import { ru } from "~/i18n/ru";

export const THEME_COLOUR = "#000000";

export type WebAppManifest = {
  id: string;
  name: string;
  short_name: string;
  description: string;
  lang: string;
  dir: "ltr";
  start_url: string;
  scope: string;
  display: "standalone";
  orientation: "any";
  theme_color: string;
  background_color: string;
  categories: string[];
  icons: { src: string; sizes: string; type: string; purpose: "any" | "maskable" }[];
};

export function webAppManifest(siteName: string): WebAppManifest {
  return {
    id: "/",
    name: `${siteName} — аниме с русской озвучкой`,
    short_name: siteName,
    description: ru.site.defaultDescription,
    lang: "ru",
    dir: "ltr",
    start_url: "/",
    scope: "/",
    display: "standalone",
    orientation: "any",
    theme_color: THEME_COLOUR,
    background_color: THEME_COLOUR,
    categories: ["entertainment", "video"],
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}
