// Where a sign-in sends the user afterwards: a path on our own site, never back into a signed-out-only page.
import { safeRedirectPath } from "~/.server/security/safe-redirect.server";

const SIGNED_OUT_ONLY = /^\/app\/auth\/(login|logout|password|registration|social)(\/|$|\?|#)/i;

export function afterSignInPath(raw: FormDataEntryValue | string | null | undefined): string {
  const path = safeRedirectPath(raw, "/");
  return SIGNED_OUT_ONLY.test(path) ? "/" : path;
}
