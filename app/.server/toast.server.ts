// One-shot toasts carried across a redirect by a signed flash cookie, so actions work the same without JavaScript.
import { randomUUID } from "node:crypto";
import { createCookie, redirect } from "@remix-run/node";
import { ToastSchema, toToast, type Toast, type ToastInput } from "~/domain/toast";
import { getEnv } from "./env.server";
import { safeRedirectPath } from "./security/safe-redirect.server";

export const TOAST_COOKIE = "toast";

let cachedCookie: ReturnType<typeof createCookie> | undefined;

function toastCookie() {
  cachedCookie ??= createCookie(TOAST_COOKIE, {
    path: "/",
    sameSite: "lax",
    httpOnly: true,
    secure: getEnv().isProduction,
    secrets: getEnv().sessionSecrets,
  });
  return cachedCookie;
}

export async function toastHeader(input: ToastInput): Promise<string> {
  return toastCookie().serialize(toToast(input, randomUUID()));
}

/** A redirect to `path` on this site (checked and encoded like every redirect target) with a toast. */
export async function redirectWithToast(path: string, input: ToastInput, init: ResponseInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastHeader(input));
  return redirect(safeRedirectPath(path), { ...init, headers });
}

/** Reads the pending toast, if any, with the header that clears it. */
export async function takeToast(request: Request): Promise<{ toast: Toast | null; clearHeader: string | null }> {
  const cookie = toastCookie();
  let raw: unknown;
  try {
    raw = await cookie.parse(request.headers.get("Cookie"));
  } catch {
    raw = null;
  }
  if (raw === null || raw === undefined) return { toast: null, clearHeader: null };
  const parsed = ToastSchema.safeParse(raw);
  const clearHeader = await cookie.serialize("", { maxAge: 0, expires: new Date(0) });
  return { toast: parsed.success ? parsed.data : null, clearHeader };
}
