// Theme, viewport and low-data preferences, kept in cookies so the first HTML already has the right theme and layout
// (low-data mode also from the request's Save-Data header, decision 0288).
import { z } from "zod";
import { ONE_YEAR_SECONDS, readCookie, serializePreferenceCookie } from "~/domain/cookies";
import { LOW_DATA_COOKIE, LOW_DATA_ON, lowDataReason, SAVE_DATA_HEADER } from "~/domain/low-data";
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
    lowData: lowDataReason(readCookie(header, LOW_DATA_COOKIE), request.headers.get(SAVE_DATA_HEADER)),
  };
}

/** docs/product.md#constants: the colour-scheme cookie lives 365 days with SameSite=Lax. */
export function themeCookieHeader(theme: Theme): string {
  return serializePreferenceCookie(THEME_COOKIE, theme, { maxAgeSeconds: ONE_YEAR_SECONDS, sameSite: "Lax" });
}

/** The low-data switch: on is kept a year; off clears the cookie (the browser's Save-Data may still turn the mode on). */
export function lowDataCookieHeader(on: boolean): string {
  return serializePreferenceCookie(LOW_DATA_COOKIE, on ? LOW_DATA_ON : "", { maxAgeSeconds: on ? ONE_YEAR_SECONDS : 0, sameSite: "Lax" });
}
