// The POST of a preference kept in a cookie (the theme, low-data mode): saves the cookie, then answers a fetcher with
// JSON or sends the browser's own post back to the page (no JavaScript, or a click before hydration; decision 0236).
import { redirect } from "@remix-run/node";
import { z } from "zod";
import { sentByFetcher } from "~/components/fetcher-form";
import { NO_STORE_CACHE_CONTROL } from "~/.server/http-cache.server";
import { safeRedirectPath } from "~/.server/security/safe-redirect.server";

const RedirectSchema = z.object({ redirectTo: z.string().max(2048).optional() });

export async function savePreferenceForm<Input>(
  request: Request,
  schema: z.ZodType<Input>,
  invalidMessage: string,
  save: (input: Input) => { cookie: string; answer: Record<string, unknown> },
): Promise<Response> {
  const form = await request.formData().catch(() => null);
  const fields = form ? Object.fromEntries(form) : null;
  const parsed = schema.safeParse(fields);
  const target = RedirectSchema.safeParse(fields);
  const headers = { "Cache-Control": NO_STORE_CACHE_CONTROL };
  if (!parsed.success || !target.success) return Response.json({ message: invalidMessage }, { status: 400, headers });
  const { cookie, answer } = save(parsed.data);
  const withCookie = { ...headers, "Set-Cookie": cookie };
  // A resource route's answer must be a Response: Remix drops the headers of `data()` here.
  if (form && sentByFetcher(form)) return Response.json(answer, { headers: withCookie });
  return redirect(safeRedirectPath(target.data.redirectTo), { headers: withCookie });
}
