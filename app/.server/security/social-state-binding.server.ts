// The proxy's social login (docs/decisions/0022, 0110): `social/{provider}/login` through `/api/v1` binds the
// state it hands out to this browser, and `social/authenticate` only turns a state bound here into a session.
// A link from another site carrying someone else's state can therefore never sign a visitor in.
import { z } from "zod";
import { stateCookie } from "./state-cookie.server";

const BoundStateSchema = z.object({ state: z.string().min(1).max(256) });

/** Sent only to the proxy's social paths; Strict, because only our own pages' scripts call them. */
export const SOCIAL_BINDING_COOKIE_PATH = "/api/v1/accounts/users/auth/social";

export const SOCIAL_BINDING_COOKIE = "social_login_api";

let cachedCookie: ReturnType<typeof stateCookie> | undefined;
const bindingCookie = () => (cachedCookie ??= stateCookie(SOCIAL_BINDING_COOKIE, SOCIAL_BINDING_COOKIE_PATH, "strict"));

export function bindSocialState(state: string): Promise<string> {
  return bindingCookie().serialize({ state });
}

export function clearBoundSocialState(): Promise<string> {
  return bindingCookie().serialize("", { maxAge: 0, expires: new Date(0) });
}

/** True only when `state` is the one this browser was given by the proxy's social login start. */
export async function isSocialStateBound(request: Request, state: string | null): Promise<boolean> {
  if (!state) return false;
  try {
    const parsed = BoundStateSchema.safeParse(await bindingCookie().parse(request.headers.get("Cookie")));
    return parsed.success && parsed.data.state === state;
  } catch {
    return false;
  }
}
