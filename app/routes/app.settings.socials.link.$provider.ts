// Starts linking a social account: asks the upstream for the provider's consent address, remembers the
// state in a cookie and sends the browser there (a GET, like the social sign-in: decision 0044).
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { isUnsupportedCall, startSocialLink } from "~/.server/api/account-settings";
import { isUpstreamError, UpstreamForbiddenError, UpstreamUnauthorizedError } from "~/.server/api/errors";
import { getEnv } from "~/.server/env.server";
import { NO_STORE_CACHE_CONTROL } from "~/.server/http-cache.server";
import { logWarn } from "~/.server/log.server";
import { throwPageNotFound } from "~/.server/not-found.server";
import { throwRouteError } from "~/.server/route-errors.server";
import { publicOriginOf } from "~/.server/security/same-origin.server";
import { requireUser } from "~/.server/session.server";
import { SocialProviderSchema } from "~/features/auth/social-login.server";
import { socialProviderNames } from "~/features/auth/strings";
import { backWithToast } from "~/features/settings/settings-action.server";
import { commitLinkState } from "~/features/settings/social-link.server";
import { settingsStrings } from "~/features/settings/strings";

export async function loader({ request, params }: LoaderFunctionArgs) {
  requireUser(request);
  const provider = SocialProviderSchema.safeParse(params.provider);
  if (!provider.success) throwPageNotFound(request);
  let start: { url: string; state: string };
  try {
    start = await startSocialLink(request, provider.data, publicOriginOf(request, getEnv().SITE_URL));
  } catch (error) {
    if (error instanceof UpstreamUnauthorizedError || error instanceof UpstreamForbiddenError) throwRouteError(error, request);
    if (!isUpstreamError(error)) throw error;
    logWarn("social link: start failed", { provider: provider.data, kind: error.kind, status: error.status });
    const message = isUnsupportedCall(error) ? settingsStrings.unsupported(settingsStrings.socials.unsupportedWhat) : settingsStrings.socials.failed(socialProviderNames[provider.data]);
    return backWithToast("socials", message, "error");
  }
  const target = new URL(start.url);
  if (target.protocol !== "https:" && target.protocol !== "http:") throwPageNotFound(request);
  return redirect(target.toString(), {
    headers: { "Set-Cookie": await commitLinkState({ state: start.state, provider: provider.data }), "Cache-Control": NO_STORE_CACHE_CONTROL },
  });
}
