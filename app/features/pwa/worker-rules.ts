// What the service worker caches and how (docs/decisions/0071). Pure functions: the worker and the tests share them.
// Relative imports only: the worker bundle is built without the app's path aliases.
import { downloadsPath } from "../../domain/site-paths";

export const CACHE_VERSION = "v1";
export const ASSET_CACHE = `assets-${CACHE_VERSION}`;
export const PAGE_CACHE = `pages-${CACHE_VERSION}`;
export const DATA_CACHE = `data-${CACHE_VERSION}`;
export const CATALOGUE_CACHE = `catalogue-${CACHE_VERSION}`;
/** The offline page itself: kept apart so sign-out does not take it away. */
export const SHELL_CACHE = `shell-${CACHE_VERSION}`;
export const OWN_CACHES: readonly string[] = [ASSET_CACHE, PAGE_CACHE, DATA_CACHE, CATALOGUE_CACHE, SHELL_CACHE];
/** What one person browsed (their history, and pages offered offline): sign-out clears these. */
export const PERSONAL_CACHES: readonly string[] = [PAGE_CACHE, DATA_CACHE];

export const OFFLINE_PATH = "/offline";
/** Saved episodes' page (docs/decisions/0200): its visitor copy is kept with the offline page. */
export const DOWNLOADS_PATH = downloadsPath();
/** Saved episodes' files (features/downloads/offline-playlist.ts): answered from their own cache only. */
const SAVED_MEDIA_PATH = /^\/offline-episodes\//;
export const MAX_CACHED_PAGES = 60;

/** A cache this worker created in an earlier version (same family name, other version): removed on activation. */
export function isOutdatedOwnCache(name: string): boolean {
  return /^(assets|pages|data|catalogue|shell)-v\d+$/.test(name) && !OWN_CACHES.includes(name);
}

/**
 * - `asset`: hashed build files, cache-first;
 * - `page`: a document navigation, network-first with the cached copy or the offline page as fallback;
 * - `page-data`: a Remix single-fetch payload (`*.data`), network-first with the cached copy as fallback;
 * - `catalogue`: public catalogue calls through the proxy, stale-while-revalidate;
 * - `saved-media`: a saved episode's playlist and files, from the saved episodes' cache only;
 * - `downloads-page`: the saved episodes' page, network-first with its visitor copy as fallback (the list is local);
 * - `network`: left to the browser (account calls, media, the worker itself, anything not listed).
 */
export type RequestPolicy = "asset" | "page" | "page-data" | "catalogue" | "saved-media" | "downloads-page" | "network";

export type RequestFacts = { url: URL; method: string; mode: RequestMode; workerOrigin: string };

/** Account pages and calls: their answers belong to one person and never enter a cache. */
const PERSONAL_PATH = /^\/(me|app\/settings|app\/auth|api\/v1\/accounts)(\/|\.data$|$)/i;
/** Never through the worker's caches: the worker and the manifest themselves, the build check, health, media, resources. */
const UNCACHED_PATH = /^\/(sw\.js|manifest\.webmanifest|build-version$|healthz|storage\/|embedded\/|lists\/|preferences\/)/i;

export function requestPolicy({ url, method, mode, workerOrigin }: RequestFacts): RequestPolicy {
  if (method !== "GET" || url.origin !== workerOrigin) return "network";
  const path = url.pathname;
  if (path.startsWith("/assets/")) return "asset";
  if (SAVED_MEDIA_PATH.test(path)) return "saved-media";
  if (mode === "navigate" && /^\/me\/downloads\/?$/.test(path)) return "downloads-page";
  if (PERSONAL_PATH.test(path) || UNCACHED_PATH.test(path)) return "network";
  if (mode === "navigate") return "page";
  if (path.endsWith(".data")) return "page-data";
  if (path.startsWith("/api/v1/anime/")) return "catalogue";
  return "network";
}

/** Only complete, public answers are kept: the server marks anything personal `private` or `no-store`. */
export function isStorableResponse(response: Pick<Response, "status" | "type" | "headers">): boolean {
  if (response.status !== 200 || response.type === "opaque" || response.type === "opaqueredirect") return false;
  const cacheControl = (response.headers.get("Cache-Control") ?? "").toLowerCase();
  return !/\b(private|no-store)\b/.test(cacheControl);
}

/** Signing out through the header's form (document POST or the fetcher's `.data` POST). */
export function isSignOutRequest(url: URL, method: string): boolean {
  return method === "POST" && /^\/app\/auth\/logout(\.data)?\/?$/.test(url.pathname);
}

/** The address a page is saved under: a chunk-failure reload (`?cacheRefresh=`) is the same page. */
export function pageCacheKey(url: URL): string {
  const key = new URL(url);
  key.searchParams.delete("cacheRefresh");
  key.hash = "";
  return key.toString();
}

/** Where an unvisited page goes without a network: the offline page, remembering the address asked for. */
export function offlinePageUrl(requested: URL): string {
  const target = new URL(OFFLINE_PATH, requested.origin);
  target.searchParams.set("from", `${requested.pathname}${requested.search}`);
  return target.toString();
}

/** The hashed files a page needs (module preloads, scripts, stylesheets), so the offline page can start without a network. */
export function assetPathsInHtml(html: string): string[] {
  const paths = new Set<string>();
  for (const match of html.matchAll(/["'](\/assets\/[^"'\s?#]+\.(?:js|css|woff2?|svg|png|webp))["']/g)) {
    if (match[1]) paths.add(match[1]);
  }
  return [...paths];
}

/** Same-origin `/assets/` addresses among the page's loaded resources (the page reports them to the worker). */
export function sameOriginAssetPaths(resourceUrls: readonly string[], origin: string): string[] {
  const paths = new Set<string>();
  for (const resourceUrl of resourceUrls) {
    try {
      const url = new URL(resourceUrl, origin);
      if (url.origin === origin && url.pathname.startsWith("/assets/")) paths.add(url.pathname);
    } catch {
      // Not an address: nothing to cache.
    }
  }
  return [...paths];
}
