// HTTP caching of pages: the Cache-Control, Vary and Retry-After headers of every kind of answer.
import type { HeadersArgs, HeadersFunction } from "@remix-run/node";
import { SAVE_DATA_HEADER } from "~/domain/low-data";
import { getSessionToken } from "./session.server";

/** Anonymous HTML: a CDN may keep it a minute and serve it stale while it refetches. */
export const PUBLIC_PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=600";
/** Signed-in HTML carries personal data (favorites, progress): never in a shared cache. */
export const PRIVATE_PAGE_CACHE_CONTROL = "private, no-cache";
/** Answers that must not be stored anywhere (account API, errors that depend on the session). */
export const NO_STORE_CACHE_CONTROL = "private, no-store";

/** How long a 503 (or a 429 that names no time) asks the client to wait before trying again. Decision 0106. */
export const RETRY_AFTER_SECONDS = 30;

/** The `Retry-After` of a refusal or failure (a 429's remaining seconds), which a route's `headers` would otherwise drop. */
export function retryAfterOf({
  actionHeaders,
  loaderHeaders,
  errorHeaders,
}: Pick<HeadersArgs, "actionHeaders" | "loaderHeaders" | "errorHeaders">): Record<string, string> {
  const value = errorHeaders?.get("Retry-After") ?? actionHeaders.get("Retry-After") ?? loaderHeaders.get("Retry-After");
  return value ? { "Retry-After": value } : {};
}

/** `headers` of a page that must never be stored (forms, secrets in the address); a refused submission keeps its Retry-After. */
export const noStoreHeaders: HeadersFunction = (args) => ({ "Cache-Control": NO_STORE_CACHE_CONTROL, ...retryAfterOf(args) });

/** `headers` of a page whose action can refuse with 429: the parent's caching policy plus the refusal's Retry-After. */
export const parentHeadersWithRetryAfter: HeadersFunction = (args) => {
  const headers = new Headers(args.parentHeaders);
  for (const [name, value] of Object.entries(retryAfterOf(args))) headers.set(name, value);
  return headers;
};

/**
 * `Cache-Control` and `Vary` for a page: public for visitors, private once a session cookie is present. A page follows
 * the Save-Data header too (smaller pictures, no prefetching: decision 0288).
 */
export const PAGE_VARY = `Cookie, ${SAVE_DATA_HEADER}`;

export function pageCacheHeaders(request: Request): Record<string, string> {
  if (request.method !== "GET" && request.method !== "HEAD") return { "Cache-Control": NO_STORE_CACHE_CONTROL };
  const signedIn = getSessionToken(request) !== null;
  return { "Cache-Control": signedIn ? PRIVATE_PAGE_CACHE_CONTROL : PUBLIC_PAGE_CACHE_CONTROL, Vary: PAGE_VARY };
}
