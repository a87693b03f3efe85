// Sign-out (POST only, from the header's form): ends the upstream session, drops ours, says goodbye. Not a
// form of the form pipeline: it has no fields to check, and it signs out whatever the body or the upstream says.
import type { ActionFunctionArgs } from "@remix-run/node";
import { isUpstreamError } from "~/.server/api/errors";

import { NO_STORE_CACHE_CONTROL } from "~/.server/http-cache.server";
import { logWarn } from "~/.server/log.server";
import { destroySession } from "~/.server/session.server";
import { redirectWithToast } from "~/.server/toast.server";
import { afterSignInPath } from "./redirect-target.server";
import { authStrings } from "./strings";

/** Pages only a signed-in user can see: after signing out, the home page instead. */
const USER_ONLY = /^\/(me|app\/settings|app\/auth\/otp)(\/|$|\?|#)/i;

function methodNotAllowed(): Response {
  return new Response(null, { status: 405, headers: { Allow: "POST", "Cache-Control": NO_STORE_CACHE_CONTROL } });
}

/** A link or prefetch must never sign anyone out. */
export function loader() {
  return methodNotAllowed();
}

export async function action(args: ActionFunctionArgs) {
  const { request } = args;
  if (request.method !== "POST") return methodNotAllowed();
  const { api } = args.context;
  if (api.signedIn) {
    try {
      await api.auth.logout();
    } catch (error) {
      // An expired or revoked token cannot be ended twice; the local session goes either way.
      if (!isUpstreamError(error)) throw error;
      logWarn("logout: upstream session not ended", { kind: error.kind, status: error.status });
    }
  }
  const form = await request.formData().catch(() => null);
  const back = afterSignInPath(form?.get("redirectTo"));
  const target = USER_ONLY.test(back) ? "/" : back;
  return redirectWithToast(
    target,
    { kind: "success", message: authStrings.logout.success },
    { headers: { "Set-Cookie": destroySession(), "Cache-Control": NO_STORE_CACHE_CONTROL } },
  );
}
