/// <reference lib="WebWorker" />
// The service worker, built by remix-pwa into /sw.js (scope /): cached assets, pages that survive a dropped
// connection, the offline page, and sign-out clean-up. The rules live in features/pwa/worker-rules.ts.
import { CacheFirst, StaleWhileRevalidate } from "@remix-pwa/sw";
import {
  ASSET_CACHE,
  assetPathsInHtml,
  CATALOGUE_CACHE,
  DATA_CACHE,
  DOWNLOADS_PATH,
  isOutdatedOwnCache,
  isSignOutRequest,
  isStorableResponse,
  MAX_CACHED_PAGES,
  OFFLINE_PATH,
  offlinePageUrl,
  pageCacheKey,
  PAGE_CACHE,
  PERSONAL_CACHES,
  requestPolicy,
  sameOriginAssetPaths,
  SHELL_CACHE,
} from "./features/pwa/worker-rules";
import { CACHE_CURRENT_PAGE_MESSAGE, type CacheCurrentPageMessage } from "./features/pwa/worker-messages";
import { isDownloadCommand } from "./features/downloads/messages";
import { readSavedEpisodes } from "./features/downloads/offline-store";
import { handleDownloadCommand, savedFile } from "./features/downloads/worker-downloads";
import { answerNotificationClick, showEpisodePush } from "./features/episode-bell/worker-push";

declare const self: ServiceWorkerGlobalScope;

const YEAR_SECONDS = 365 * 24 * 60 * 60;
const WEEK_SECONDS = 7 * 24 * 60 * 60;

const assets = new CacheFirst(ASSET_CACHE, { maxEntries: 400, maxAgeSeconds: YEAR_SECONDS, cacheableResponse: { statuses: [200] } });

/** Stale-while-revalidate that keeps only public answers. */
class PublicStaleWhileRevalidate extends StaleWhileRevalidate {
  override async updateCache(request: Request, response: Response): Promise<Response> {
    if (!isStorableResponse(response)) return response;
    return super.updateCache(request, response);
  }
}

const catalogue = new PublicStaleWhileRevalidate(CATALOGUE_CACHE, { maxEntries: 200, maxAgeSeconds: WEEK_SECONDS });

async function keep(cacheName: string, key: string, response: Response, maxEntries: number): Promise<void> {
  const cache = await caches.open(cacheName);
  // A replaced entry keeps its place (deleting first would leave a moment with no copy): trimming drops the oldest saved.
  await cache.put(key, response);
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - maxEntries)).map((old) => cache.delete(old)));
}

async function cachedCopy(cacheName: string, url: string): Promise<Response | undefined> {
  const cache = await caches.open(cacheName);
  return cache.match(url, { ignoreVary: true });
}

async function offlineFallback(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.pathname === OFFLINE_PATH) {
    const shell = await cachedCopy(SHELL_CACHE, new URL(OFFLINE_PATH, url.origin).toString());
    if (shell) return shell;
    return Response.error();
  }
  return Response.redirect(offlinePageUrl(url), 302);
}

/** Network first; without a network the copy from the last visit, or the offline page for a page never visited. */
async function page(event: FetchEvent): Promise<Response> {
  const { request } = event;
  try {
    const response = await fetch(request);
    const key = pageCacheKey(new URL(request.url));
    if (isStorableResponse(response)) event.waitUntil(keep(PAGE_CACHE, key, response.clone(), MAX_CACHED_PAGES));
    return response;
  } catch {
    return (await cachedCopy(PAGE_CACHE, pageCacheKey(new URL(request.url)))) ?? offlineFallback(request);
  }
}

/** A route's data for a client-side navigation: fresh when online (it may depend on the session), the last copy offline. */
async function pageData(event: FetchEvent): Promise<Response> {
  const { request } = event;
  try {
    const response = await fetch(request);
    if (isStorableResponse(response)) event.waitUntil(keep(DATA_CACHE, request.url, response.clone(), MAX_CACHED_PAGES * 2));
    return response;
  } catch (error) {
    const cached = await cachedCopy(DATA_CACHE, request.url);
    if (cached) return cached;
    throw error;
  }
}

async function storeAssets(paths: readonly string[]): Promise<void> {
  const cache = await caches.open(ASSET_CACHE);
  await Promise.all(
    paths.map(async (path) => {
      if (await cache.match(path)) return;
      const response = await fetch(path).catch(() => null);
      if (response?.status === 200) await cache.put(path, response);
    }),
  );
}

/** A page that must open without a network (the offline page, the saved episodes' page) and the files it starts with, fetched as a visitor (never a signed-in copy). */
async function precacheShellPage(path: string): Promise<void> {
  const response = await fetch(new Request(path, { credentials: "omit", cache: "no-store" }));
  if (!isStorableResponse(response)) throw new Error(`${path} answered ${response.status}`);
  const html = await response.clone().text();
  const cache = await caches.open(SHELL_CACHE);
  await cache.put(new URL(path, self.location.origin).toString(), response);
  await storeAssets(assetPathsInHtml(html));
}

/** The saved episodes' page: the server's copy when online, its visitor copy without a network. */
async function downloadsPage(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch {
    return (await cachedCopy(SHELL_CACHE, new URL(DOWNLOADS_PATH, self.location.origin).toString())) ?? offlineFallback(request);
  }
}

const downloadHooks = { origin: self.location.origin, keepDownloadsPage: () => precacheShellPage(DOWNLOADS_PATH) };

async function cacheCurrentPage(message: CacheCurrentPageMessage): Promise<void> {
  const url = new URL(message.url, self.location.origin);
  if (requestPolicy({ url, method: "GET", mode: "navigate", workerOrigin: self.location.origin }) !== "page") return;
  const response = await fetch(url, { credentials: "same-origin" });
  if (isStorableResponse(response)) await keep(PAGE_CACHE, pageCacheKey(url), response, MAX_CACHED_PAGES);
  await storeAssets(sameOriginAssetPaths(message.assets, self.location.origin));
}

function isCacheCurrentPageMessage(data: unknown): data is CacheCurrentPageMessage {
  if (typeof data !== "object" || data === null) return false;
  const message = data as Record<string, unknown>;
  return (
    message.type === CACHE_CURRENT_PAGE_MESSAGE &&
    typeof message.url === "string" &&
    Array.isArray(message.assets) &&
    message.assets.every((asset) => typeof asset === "string")
  );
}

async function clearPersonalCaches(): Promise<void> {
  await Promise.all(PERSONAL_CACHES.map((name) => caches.delete(name)));
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      // Without the offline page the worker still serves visited pages; it tries again on the next install.
      await precacheShellPage(OFFLINE_PATH).catch((error: unknown) => console.warn("service worker: offline page not cached", error));
      // A new build's saved-episodes page (its files changed names) for whoever has episodes saved.
      if ((await readSavedEpisodes().catch(() => [])).length > 0) await precacheShellPage(DOWNLOADS_PATH).catch(() => undefined);
      // An update takes over at once; open pages reload when it does (features/pwa/lifecycle.ts).
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter(isOutdatedOwnCache).map((name) => caches.delete(name)));
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (event) => {
  if (event.origin && event.origin !== self.location.origin) return;
  if (isCacheCurrentPageMessage(event.data)) event.waitUntil(cacheCurrentPage(event.data).catch(() => undefined));
  if (isDownloadCommand(event.data)) {
    event.waitUntil(
      handleDownloadCommand(event.data, downloadHooks).catch((error: unknown) => console.warn("service worker: offline download", error)),
    );
  }
});

self.addEventListener("push", (event) => {
  event.waitUntil(showEpisodePush(self.registration, event.data?.text() ?? null));
});

self.addEventListener("notificationclick", (event) => {
  event.waitUntil(answerNotificationClick(self, event));
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (isSignOutRequest(url, request.method)) {
    // The request itself goes to the network untouched; what the person browsed goes with the session.
    event.waitUntil(clearPersonalCaches());
    return;
  }
  switch (requestPolicy({ url, method: request.method, mode: request.mode, workerOrigin: self.location.origin })) {
    case "asset":
      event.respondWith(assets.handleRequest(request));
      return;
    case "page":
      event.respondWith(page(event));
      return;
    case "page-data":
      event.respondWith(pageData(event));
      return;
    case "catalogue":
      event.respondWith(catalogue.handleRequest(request));
      return;
    case "saved-media":
      event.respondWith(savedFile(request));
      return;
    case "downloads-page":
      event.respondWith(downloadsPage(request));
      return;
    case "network":
      return;
  }
});
