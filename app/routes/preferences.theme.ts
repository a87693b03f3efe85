// The theme switch's POST: saves the theme cookie, then goes back to the page (no JavaScript) or answers JSON.
import { data, redirect, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { NO_STORE_CACHE_CONTROL } from "~/.server/http-cache.server";
import { ThemeSchema, themeCookieHeader } from "~/.server/preferences.server";
import { safeRedirectPath } from "~/.server/security/safe-redirect.server";
import { ru } from "~/i18n/ru";

const ThemeFormSchema = z.object({ theme: ThemeSchema, redirectTo: z.string().max(2048).optional() });

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => null);
  const parsed = ThemeFormSchema.safeParse(form ? Object.fromEntries(form) : null);
  const headers = { "Cache-Control": NO_STORE_CACHE_CONTROL };
  if (!parsed.success) return Response.json({ message: ru.theme.unknownTheme }, { status: 400, headers });
  const withCookie = { ...headers, "Set-Cookie": themeCookieHeader(parsed.data.theme) };
  if (parsed.data.redirectTo !== undefined) return redirect(safeRedirectPath(parsed.data.redirectTo), { headers: withCookie });
  // A resource route's answer must be a Response: Remix drops the headers of `data()` here.
  return Response.json({ theme: parsed.data.theme }, { headers: withCookie });
}

export function loader() {
  throw data("Page not found: /preferences/theme", { status: 404 });
}
