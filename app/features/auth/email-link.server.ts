// The pages opened from a link in an e-mail (password reset, e-mail confirmation): the token the link carries.
import { data, type HeadersFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { NO_STORE_CACHE_CONTROL, retryAfterOf } from "~/.server/http-cache.server";
import { VerifyEmailFormSchema } from "./auth-schemas";

// The token is a secret: no caching, and no Referer carrying it to other sites ("no-referrer" would also
// make the browser send `Origin: null` with the form, which the same-origin check refuses).
export const emailLinkHeaders: HeadersFunction = (args) => ({
  "Cache-Control": NO_STORE_CACHE_CONTROL,
  "Referrer-Policy": "same-origin",
  ...retryAfterOf(args),
});

/** The link's token, or null when it is missing or malformed (the page then says so instead of showing the form). */
export function readEmailLinkToken(request: Request): string | null {
  const parsed = VerifyEmailFormSchema.safeParse({ token: new URL(request.url).searchParams.get("token") ?? "" });
  return parsed.success ? parsed.data.token : null;
}

export function emailLinkLoader({ request }: LoaderFunctionArgs) {
  return data({ token: readEmailLinkToken(request) });
}
