// Where the provider sends the browser back: asks the upstream whether the login finished
// (`authenticate?state=`), only with the state this browser started.
import { data, type HeadersFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { isUpstreamError } from "~/.server/api/errors";

import { NO_STORE_CACHE_CONTROL } from "~/.server/http-cache.server";
import { logWarn } from "~/.server/log.server";
import { commitSessionToken } from "~/.server/session.server";
import { redirectWithToast } from "~/.server/toast.server";
import { authPaths, withRedirectTo } from "./auth-paths";
import { clearSocialState, readSocialState, SocialCallbackQuerySchema } from "./social-login.server";
import { authStrings, socialProviderNames } from "./strings";

const text = authStrings.social;

export const headers: HeadersFunction = () => ({ "Cache-Control": NO_STORE_CACHE_CONTROL, "Referrer-Policy": "same-origin" });

async function backToLogin(message: string, redirectTo = "/", extraCookie?: string): Promise<Response> {
  const headers = new Headers({ "Cache-Control": NO_STORE_CACHE_CONTROL });
  headers.append("Set-Cookie", await clearSocialState());
  if (extraCookie) headers.append("Set-Cookie", extraCookie);
  return redirectWithToast(withRedirectTo(authPaths.login, redirectTo), { kind: "error", message }, { headers });
}

export async function loader(args: LoaderFunctionArgs) {
  const { request } = args;
  const query = SocialCallbackQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const saved = await readSocialState(request);
  // No state of ours, or a state this browser did not start: never sign in with it.
  if (!saved || (query.state !== undefined && query.state !== saved.state)) throw await backToLogin(text.expired);
  if (query.error) throw await backToLogin(text.cancelled, saved.redirectTo);

  let token: string | null;
  try {
    token = await args.context.api.auth.authenticateSocial(saved.state);
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    logWarn("social login: authenticate failed", { provider: saved.provider, kind: error.kind, status: error.status });
    throw await backToLogin(text.unavailable(socialProviderNames[saved.provider]), saved.redirectTo);
  }
  if (token) {
    const headers = new Headers({ "Cache-Control": NO_STORE_CACHE_CONTROL });
    headers.append("Set-Cookie", commitSessionToken(token));
    headers.append("Set-Cookie", await clearSocialState());
    throw await redirectWithToast(saved.redirectTo, { kind: "success", message: text.success }, { headers });
  }
  return data({
    providerName: socialProviderNames[saved.provider],
    state: saved.state,
    attempt: query.attempt ?? 0,
    restartPath: withRedirectTo(authPaths.login, saved.redirectTo),
  });
}
