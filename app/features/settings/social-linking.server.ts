// Linking a social account: the start asks the upstream for the provider's consent address, remembers the
// state in a cookie and sends the browser there (a GET, like the social sign-in: docs/decisions/0044); the
// callback finishes the link for the signed-in user, only with the state this browser started.
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { isUpstreamError } from "~/.server/api/errors";

import { getEnv } from "~/.server/env.server";
import { NO_STORE_CACHE_CONTROL } from "~/.server/http-cache.server";
import { logWarn } from "~/.server/log.server";
import { throwPageNotFound } from "~/.server/not-found.server";
import { throwRouteError } from "~/.server/route-errors.server";
import { clientKey, rateLimitedMessage, signInStartRateLimiter } from "~/.server/security/rate-limit.server";
import { publicOriginOf } from "~/.server/security/same-origin.server";
import { redirectWithToast } from "~/.server/toast.server";
import { classifyUpstreamFailure, endsSession, isUnsupportedCall } from "~/.server/upstream-failure.server";
import type { SocialProvider } from "~/domain/account";
import { SocialCallbackQuerySchema, SocialProviderSchema } from "~/features/auth/social-login.server";
import { socialProviderNames } from "~/features/auth/strings";
import { settingsPath } from "./settings-paths";
import { clearLinkState, commitLinkState, readLinkState } from "./social-link.server";
import { settingsStrings } from "./strings";

const text = settingsStrings.socials;

/** The toast for a failed start or finish; a session that ended meanwhile goes to sign-in instead. */
function linkFailureMessage(error: unknown, request: Request, provider: SocialProvider, step: "start" | "completion"): string {
  const failure = classifyUpstreamFailure(error);
  if (!failure || !isUpstreamError(error)) throw error;
  if (endsSession(failure)) throwRouteError(error, request);
  logWarn(`social link: ${step} failed`, { provider, kind: error.kind, status: error.status });
  if (failure.kind === "invalid" && failure.upstreamMessage) return failure.upstreamMessage;
  return isUnsupportedCall(error) ? settingsStrings.unsupported(text.unsupportedWhat) : text.failed(socialProviderNames[provider]);
}

/** Back to the section with a toast; whatever link was under way is over. */
async function backToSocials(kind: "success" | "error", message: string): Promise<Response> {
  return redirectWithToast(settingsPath("socials"), { kind, message }, { status: 303, headers: { "Set-Cookie": await clearLinkState() } });
}

export async function startLinkLoader(args: LoaderFunctionArgs) {
  const { request, params } = args;
  const { api } = args.context;
  api.requireUser(request);
  const provider = SocialProviderSchema.safeParse(params.provider);
  if (!provider.success) throwPageNotFound(request);
  // Each start stores a pending state upstream (decision 0250).
  if (!(await signInStartRateLimiter.hit(clientKey(args.context))).allowed) return backToSocials("error", rateLimitedMessage);
  let start: { url: string; state: string };
  try {
    start = await api.socialLinks.start(provider.data, publicOriginOf(request, getEnv().SITE_URL));
  } catch (error) {
    return backToSocials("error", linkFailureMessage(error, request, provider.data, "start"));
  }
  const target = new URL(start.url);
  if (target.protocol !== "https:" && target.protocol !== "http:") throwPageNotFound(request);
  return redirect(target.toString(), {
    headers: {
      "Set-Cookie": await commitLinkState({ state: start.state, provider: provider.data }),
      "Cache-Control": NO_STORE_CACHE_CONTROL,
    },
  });
}

export async function finishLinkLoader(args: LoaderFunctionArgs) {
  const { request } = args;
  const { api } = args.context;
  api.requireUser(request);
  const query = SocialCallbackQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const saved = await readLinkState(request);
  if (!saved || query.state !== saved.state) return backToSocials("error", text.expired);
  if (query.error) return backToSocials("error", text.cancelled);
  try {
    await api.socialLinks.complete(saved.provider, saved.state);
  } catch (error) {
    return backToSocials("error", linkFailureMessage(error, request, saved.provider, "completion"));
  }
  return backToSocials("success", text.linkedToast(socialProviderNames[saved.provider]));
}
