// Where the provider sends the browser back after a link: finishes it for the signed-in user, but only
// with the state this browser started (its cookie), then returns to the socials section with a toast.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { completeSocialLink, isUnsupportedCall } from "~/.server/api/account-settings";
import { isUpstreamError, UpstreamForbiddenError, UpstreamUnauthorizedError, UpstreamValidationError } from "~/.server/api/errors";
import { logWarn } from "~/.server/log.server";
import { throwRouteError } from "~/.server/route-errors.server";
import { requireUser } from "~/.server/session.server";
import { redirectWithToast } from "~/.server/toast.server";
import { SocialCallbackQuerySchema } from "~/features/auth/social-login.server";
import { socialProviderNames } from "~/features/auth/strings";
import { settingsPath } from "~/features/settings/settings-paths";
import { clearLinkState, readLinkState } from "~/features/settings/social-link.server";
import { settingsStrings } from "~/features/settings/strings";

const text = settingsStrings.socials;

async function back(kind: "success" | "error", message: string): Promise<Response> {
  return redirectWithToast(settingsPath("socials"), { kind, message }, { headers: { "Set-Cookie": await clearLinkState() } });
}

export async function loader({ request }: LoaderFunctionArgs) {
  requireUser(request);
  const query = SocialCallbackQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const saved = await readLinkState(request);
  if (!saved || query.state !== saved.state) return back("error", text.expired);
  if (query.error) return back("error", text.cancelled);
  const name = socialProviderNames[saved.provider];
  try {
    await completeSocialLink(request, saved.provider, saved.state);
  } catch (error) {
    if (error instanceof UpstreamUnauthorizedError || error instanceof UpstreamForbiddenError) throwRouteError(error, request);
    if (!isUpstreamError(error)) throw error;
    logWarn("social link: completion failed", { provider: saved.provider, kind: error.kind, status: error.status });
    if (error instanceof UpstreamValidationError) return back("error", error.upstreamMessage ?? text.failed(name));
    return back("error", isUnsupportedCall(error) ? settingsStrings.unsupported(text.unsupportedWhat) : text.failed(name));
  }
  return back("success", text.linkedToast(name));
}
