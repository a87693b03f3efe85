// Starts a social login: asks the upstream for the provider's address, remembers the state in a cookie and
// sends the browser there. A GET (links, not a form): the CSP's form-action would block a POST that
// redirects to another site.
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { isUpstreamError } from "~/.server/api/errors";

import { getEnv } from "~/.server/env.server";
import { NO_STORE_CACHE_CONTROL } from "~/.server/http-cache.server";
import { logWarn } from "~/.server/log.server";
import { throwPageNotFound } from "~/.server/not-found.server";
import { clientKey, rateLimitedMessage, signInStartRateLimiter } from "~/.server/security/rate-limit.server";
import { publicOriginOf } from "~/.server/security/same-origin.server";
import { redirectWithToast } from "~/.server/toast.server";
import { authPaths, withRedirectTo } from "./auth-paths";
import { afterSignInPath } from "./redirect-target.server";
import { commitSocialState, SocialProviderSchema } from "./social-login.server";
import { authStrings, socialProviderNames } from "./strings";

export async function loader(args: LoaderFunctionArgs) {
  const { request, params } = args;
  const provider = SocialProviderSchema.safeParse(params.provider);
  if (!provider.success) throwPageNotFound(request);
  const redirectTo = afterSignInPath(new URL(request.url).searchParams.get("redirectTo"));
  // Each start stores a pending state upstream: a flood stops here (decision 0250).
  if (!(await signInStartRateLimiter.hit(clientKey(args.context))).allowed) {
    return redirectWithToast(withRedirectTo(authPaths.login, redirectTo), { kind: "error", message: rateLimitedMessage });
  }
  let start: { url: string; state: string };
  try {
    start = await args.context.api.auth.socialLogin(provider.data, publicOriginOf(request, getEnv().SITE_URL));
  } catch (error) {
    if (!isUpstreamError(error)) throw error;
    logWarn("social login: start failed", { provider: provider.data, kind: error.kind, status: error.status });
    return redirectWithToast(withRedirectTo(authPaths.login, redirectTo), {
      kind: "error",
      message: authStrings.social.unavailable(socialProviderNames[provider.data]),
    });
  }
  const target = new URL(start.url);
  if (target.protocol !== "https:" && target.protocol !== "http:") throwPageNotFound(request);
  return redirect(target.toString(), {
    headers: {
      "Set-Cookie": await commitSocialState({ state: start.state, provider: provider.data, redirectTo }),
      "Cache-Control": NO_STORE_CACHE_CONTROL,
    },
  });
}
