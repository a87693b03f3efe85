// The adult-content confirmation (docs/product.md#roles): remembered in a plain cookie for a year, readable by the server so it works without JavaScript.
import { ONE_YEAR_SECONDS, readCookie, serializePreferenceCookie } from "~/domain/cookies";
import type { Release } from "~/domain/release";

export const AGE_CONFIRMED_COOKIE = "age_confirmed";

export function isAgeConfirmed(cookieHeader: string | null | undefined): boolean {
  return readCookie(cookieHeader, AGE_CONFIRMED_COOKIE) === "1";
}

export function ageConfirmedCookie(): string {
  return serializePreferenceCookie(AGE_CONFIRMED_COOKIE, "1", { maxAgeSeconds: ONE_YEAR_SECONDS, sameSite: "Lax" });
}

export function needsAgeConfirmation(release: Pick<Release, "ageRating">, cookieHeader: string | null | undefined): boolean {
  return release.ageRating.isAdult && !isAgeConfirmed(cookieHeader);
}
