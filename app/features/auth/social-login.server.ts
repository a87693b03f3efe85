// The social-login state between the start page and the callback, kept in a signed, short-lived cookie.
// The callback only accepts the state this browser started, so nobody can slip their own login into
// someone else's browser with a crafted callback link (login CSRF).
import { z } from "zod";
import { stateCookie as signedStateCookie } from "~/.server/security/state-cookie.server";
import { SOCIAL_PROVIDERS } from "~/domain/account";

const SocialStateSchema = z.object({
  state: z.string().min(1).max(256),
  provider: z.enum(SOCIAL_PROVIDERS),
  redirectTo: z.string().startsWith("/").max(2048),
});
export type SocialLoginState = z.infer<typeof SocialStateSchema>;

export const SocialProviderSchema = z.enum(SOCIAL_PROVIDERS);

/** A signed, HttpOnly, SameSite=Lax cookie holding a provider round trip's state, sent only under `path`. */
export function socialStateCookie(name: string, path: string) {
  return signedStateCookie(name, path, "lax");
}

export const SOCIAL_LOGIN_COOKIE = "social_login";

let cachedCookie: ReturnType<typeof socialStateCookie> | undefined;

function stateCookie() {
  cachedCookie ??= socialStateCookie(SOCIAL_LOGIN_COOKIE, "/app/auth/social");
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
