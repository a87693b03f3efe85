// HTTP caching of pages, and the per-process cache of reference data (genres, years, types, sorting…).
import type { HeadersArgs, HeadersFunction } from "@remix-run/node";
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
export function retryAfterOf({ actionHeaders, loaderHeaders, errorHeaders }: Pick<HeadersArgs, "actionHeaders" | "loaderHeaders" | "errorHeaders">): Record<string, string> {
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

/** `Cache-Control` and `Vary` for a page: public for visitors, private once a session cookie is present. */
export function pageCacheHeaders(request: Request): Record<string, string> {
  if (request.method !== "GET" && request.method !== "HEAD") return { "Cache-Control": NO_STORE_CACHE_CONTROL };
  const signedIn = getSessionToken(request) !== null;
  return { "Cache-Control": signedIn ? PRIVATE_PAGE_CACHE_CONTROL : PUBLIC_PAGE_CACHE_CONTROL, Vary: "Cookie" };
}

export const REFERENCE_TTL_MS = 10 * 60 * 1000;

type CacheEntry = { expiresAt: number; value: Promise<unknown>; loaded?: { value: unknown } };

export type ReferenceCache = {
  /** The cached value for `key`, loading it once however many requests ask at the same time. */
  get<Value>(key: string, load: () => Promise<Value>): Promise<Value>;
  /** The value when it is loaded and fresh; undefined while it loads or when nobody asked for it yet. */
  peek<Value>(key: string): { value: Value } | undefined;
  clear(): void;
};

/** `maxEntries` bounds a cache whose keys are open-ended (per-episode data): the oldest entry goes first. */
export function createReferenceCache(ttlMs = REFERENCE_TTL_MS, now: () => number = Date.now, maxEntries = Infinity): ReferenceCache {
  const entries = new Map<string, CacheEntry>();
  return {
    get<Value>(key: string, load: () => Promise<Value>): Promise<Value> {
      const cached = entries.get(key);
      if (cached && cached.expiresAt > now()) return cached.value as Promise<Value>;
      const value = load();
      const entry: CacheEntry = { expiresAt: now() + ttlMs, value };
      entries.delete(key);
      entries.set(key, entry);
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
      // A failure is not cached: the next request tries again.
      value.then(
        (loaded) => {
          entry.loaded = { value: loaded };
        },
        () => {
          if (entries.get(key) === entry) entries.delete(key);
        },
      );
      return value;
    },
    peek<Value>(key: string) {
      const cached = entries.get(key);
      return cached && cached.expiresAt > now() ? (cached.loaded as { value: Value } | undefined) : undefined;
    },
    clear() {
      entries.clear();
    },
  };
}

/** The process-wide reference cache. */
export const referenceCache = createReferenceCache();
