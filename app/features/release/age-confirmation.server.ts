// The age confirmation's POST, shared by the release page and the player pages (docs/decisions/0053, 0136).
import { data, redirect } from "@remix-run/node";
import { safeRedirectPath } from "~/.server/security/safe-redirect.server";
import { serverStrings } from "~/.server/strings";
import { ageConfirmedCookie } from "./age-confirmation";
import { CONFIRM_AGE_INTENT } from "./age-gate-dialog";

/** Remembers the confirmation and goes back to the posted `redirectTo` when `allowsBack` accepts it, else to `fallback`. */
export async function confirmAgeAndGoBack(request: Request, fallback: string, allowsBack: (path: string) => boolean): Promise<Response> {
  const form = await request.formData().catch(() => new FormData());
  if (form.get("intent") !== CONFIRM_AGE_INTENT) throw data(serverStrings.badRequest, { status: 400 });
  const back = safeRedirectPath(form.get("redirectTo"), fallback);
  return redirect(allowsBack(back) ? back : fallback, { status: 303, headers: { "Set-Cookie": ageConfirmedCookie() } });
}

/** The path itself or the path with a query: the page the viewer was on, nowhere else. */
export function isSamePage(path: string, base: string): boolean {
  return path === base || path.startsWith(`${base}?`);
}
