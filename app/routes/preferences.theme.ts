// The theme switch's POST: saves the theme cookie, then answers a fetcher with JSON or sends the browser's own post
// (no JavaScript, or a click before hydration) back to the page (decision 0236).
import { data, redirect, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { NO_STORE_CACHE_CONTROL } from "~/.server/http-cache.server";
import { ThemeSchema, themeCookieHeader } from "~/.server/preferences.server";
import { safeRedirectPath } from "~/.server/security/safe-redirect.server";
import { sentByFetcher } from "~/components/fetcher-form";
import { ru } from "~/i18n/ru";

const ThemeFormSchema = z.object({ theme: ThemeSchema, redirectTo: z.string().max(2048).optional() });

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => null);
  const parsed = ThemeFormSchema.safeParse(form ? Object.fromEntries(form) : null);
  const headers = { "Cache-Control": NO_STORE_CACHE_CONTROL };
  if (!parsed.success) return Response.json({ message: ru.theme.unknownTheme }, { status: 400, headers });
  const withCookie = { ...headers, "Set-Cookie": themeCookieHeader(parsed.data.theme) };
  // A resource route's answer must be a Response: Remix drops the headers of `data()` here.
  if (form && sentByFetcher(form)) return Response.json({ theme: parsed.data.theme }, { headers: withCookie });
  return redirect(safeRedirectPath(parsed.data.redirectTo), { headers: withCookie });
}

export function loader() {
  throw data("Page not found: /preferences/theme", { status: 404 });
}
