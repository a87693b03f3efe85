// Theme and viewport preferences, kept in cookies so the first HTML already has the right theme and layout.
import { z } from "zod";
import { ONE_YEAR_SECONDS, readCookie, serializePreferenceCookie } from "~/domain/cookies";
import {
  guessViewportFromUserAgent,
  THEME_COOKIE,
  THEMES,
  VIEWPORT_COOKIE,
  VIEWPORTS,
  type Preferences,
  type Theme,
} from "~/domain/preferences";

export const ThemeSchema = z.enum(THEMES);
const ViewportSchema = z.enum(VIEWPORTS);

export function readPreferences(request: Request): Preferences {
  const header = request.headers.get("Cookie");
  const theme = ThemeSchema.safeParse(readCookie(header, THEME_COOKIE));
  const viewport = ViewportSchema.safeParse(readCookie(header, VIEWPORT_COOKIE));
  return {
    theme: theme.success ? theme.data : "dark",
    viewport: viewport.success ? viewport.data : guessViewportFromUserAgent(request.headers.get("User-Agent")),
  };
}

/** docs/product.md#constants: the colour-scheme cookie lives 365 days with SameSite=Lax. */
export function themeCookieHeader(theme: Theme): string {
  return serializePreferenceCookie(THEME_COOKIE, theme, { maxAgeSeconds: ONE_YEAR_SECONDS, sameSite: "Lax" });
}
