// The social-login state between the start page and the callback, kept in a signed, short-lived cookie.
// The callback only accepts the state this browser started, so nobody can slip their own login into
// someone else's browser with a crafted callback link (login CSRF).
import { createCookie } from "@remix-run/node";
import { z } from "zod";
import { getEnv } from "~/.server/env.server";
import { SOCIAL_PROVIDERS } from "~/domain/account";

/** The embedded API keeps a state for 15 minutes; the cookie lives as long. */
export const SOCIAL_STATE_MAX_AGE_SECONDS = 15 * 60;

const SocialStateSchema = z.object({
  state: z.string().min(1).max(256),
  provider: z.enum(SOCIAL_PROVIDERS),
  redirectTo: z.string().startsWith("/").max(2048),
});
export type SocialLoginState = z.infer<typeof SocialStateSchema>;

export const SocialProviderSchema = z.enum(SOCIAL_PROVIDERS);

/** A signed, HttpOnly cookie holding a provider round trip's state, sent only to the pages under `path`. */
export function socialStateCookie(name: string, path: string) {
  return createCookie(name, {
    path,
    httpOnly: true,
    // Lax: the provider sends the browser back with a top-level GET, which carries Lax cookies.
    sameSite: "lax",
    secure: getEnv().isProduction,
    secrets: getEnv().sessionSecrets,
    maxAge: SOCIAL_STATE_MAX_AGE_SECONDS,
  });
}

let cachedCookie: ReturnType<typeof createCookie> | undefined;

function stateCookie() {
  cachedCookie ??= socialStateCookie("social_login", "/app/auth/social");
  return cachedCookie;
}

export function commitSocialState(value: SocialLoginState): Promise<string> {
  return stateCookie().serialize(value);
}

export function clearSocialState(): Promise<string> {
  return stateCookie().serialize("", { maxAge: 0, expires: new Date(0) });
}

export async function readSocialState(request: Request): Promise<SocialLoginState | null> {
  let raw: unknown;
  try {
    raw = await stateCookie().parse(request.headers.get("Cookie"));
  } catch {
    return null;
  }
  const parsed = SocialStateSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** The callback's query: `state` (echoed by the provider page), or `error` when the user declined. */
export const SocialCallbackQuerySchema = z.object({
  state: z.string().min(1).max(256).optional().catch(undefined),
  error: z.string().max(200).optional().catch(undefined),
  /** How many times "continue" was pressed: from the second visit on, the page says it is still waiting. */
  attempt: z.coerce.number().int().min(0).max(1000).optional().catch(undefined),
});
