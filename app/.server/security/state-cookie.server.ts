// Signed, HttpOnly, short-lived cookies that bind a provider round trip's state to the browser that started
// it: only that browser can finish the round trip (no login CSRF with someone else's state).
import { createCookie } from "@remix-run/node";
import { getEnv } from "../env.server";

/** The embedded API keeps a state for 15 minutes; the cookie lives as long. */
export const STATE_COOKIE_MAX_AGE_SECONDS = 15 * 60;

/**
 * A state cookie sent only to the pages under `path`. Lax when a provider on another site sends the browser
 * back with a top-level GET (which carries Lax cookies); Strict when only our own pages' scripts read it.
 */
export function stateCookie(name: string, path: string, sameSite: "lax" | "strict" = "lax") {
  return createCookie(name, {
    path,
    httpOnly: true,
    sameSite,
    secure: getEnv().isProduction,
    secrets: getEnv().sessionSecrets,
    maxAge: STATE_COOKIE_MAX_AGE_SECONDS,
  });
}
