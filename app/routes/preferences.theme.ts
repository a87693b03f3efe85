import { data, redirect, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { ThemeSchema, themeCookieHeader } from "~/.server/preferences.server";
import { safeRedirectPath } from "~/.server/security/safe-redirect.server";


const ThemeFormSchema = z.object({ theme: ThemeSchema, redirectTo: z.string().max(2048).optional() });

export async function action({ request }: ActionFunctionArgs) {
  const parsed = ThemeFormSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) throw data("Неизвестная тема оформления", { status: 400 });
  const headers = { "Set-Cookie": themeCookieHeader(parsed.data.theme) };
  if (parsed.data.redirectTo !== undefined) return redirect(safeRedirectPath(parsed.data.redirectTo), { headers });
  return data({ theme: parsed.data.theme }, { headers });
}

export function loader() {
  throw data("Page not found: /preferences/theme", { status: 404 });
}
