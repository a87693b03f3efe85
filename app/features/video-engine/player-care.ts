// What of the player's settings the settings page's form changes without JavaScript — auto-next and «Вы ещё
// смотрите?» — kept in a cookie beside this browser's storage; the newer of the two wins (decision 0285). Not for the
// early start (it needs neither, and the cookie helpers are shared with the app's entry, which must load after it).
import { ONE_YEAR_SECONDS, readCookie, serializePreferenceCookie } from "~/domain/cookies";
import { parseSettings, type PlayerSettings } from "./settings";

export const PLAYER_CARE_COOKIE = "player_care";
export const PLAYER_CARE_FIELDS = ["autoNext", "stillWatchingCheck", "stillWatchingEpisodes", "stillWatchingMinutes"] as const;

export type PlayerCare = Pick<PlayerSettings, (typeof PLAYER_CARE_FIELDS)[number]> & { savedAt: number };

/** The cookie's JSON as stored (its fields are checked by whoever reads it: `parseSettings`, or the server's schema). */
export function readPlayerCareCookie(header: string | null | undefined): unknown {
  const raw = readCookie(header, PLAYER_CARE_COOKIE);
  if (raw === undefined || raw.length > 512) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

export function playerCareCookie(care: PlayerCare): string {
  return serializePreferenceCookie(PLAYER_CARE_COOKIE, JSON.stringify(care), { maxAgeSeconds: ONE_YEAR_SECONDS, sameSite: "Lax" });
}

export function careOf(settings: PlayerSettings): PlayerCare {
  const { autoNext, stillWatchingCheck, stillWatchingEpisodes, stillWatchingMinutes, careSavedAt } = settings;
  return { autoNext, stillWatchingCheck, stillWatchingEpisodes, stillWatchingMinutes, savedAt: careSavedAt };
}

export function changesCare(change: Partial<PlayerSettings>): boolean {
  return PLAYER_CARE_FIELDS.some((field) => field in change);
}

/** This browser's settings, with auto-next and «Вы ещё смотрите?» from the cookie when it was saved later (by the form). */
export function withPlayerCareCookie(stored: PlayerSettings, cookieHeader: string | null): PlayerSettings {
  const cookie = readPlayerCareCookie(cookieHeader);
  if (!cookie || typeof cookie !== "object") return stored;
  const fromCookie = parseSettings({ ...stored, ...cookie, careSavedAt: (cookie as { savedAt?: unknown }).savedAt });
  return fromCookie.careSavedAt > stored.careSavedAt ? fromCookie : stored;
}

/** A change of auto-next or «Вы ещё смотрите?» is dated, to be weighed against the cookie. */
export function withCareChange(current: PlayerSettings, change: Partial<PlayerSettings>, now: number): PlayerSettings {
  return changesCare(change) ? { ...current, ...change, careSavedAt: now } : { ...current, ...change };
}
