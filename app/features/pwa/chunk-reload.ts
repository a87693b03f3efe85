// A file of the build failed to load (a deploy removed it, or the network dropped it): reload the address once,
// bypassing caches, at most once per 10 s per path (docs/product.md#errors, #constants). A stylesheet that failed to preload is not a failure.
import { ROUTE_MODULE_FAILURE_HOOK } from "~/framework/route-module-failure";

export const CHUNK_RELOAD_GUARD_MS = 10_000;
export const CACHE_REFRESH_PARAM = "cacheRefresh";
const GUARD_KEY_PREFIX = "chunk-reload:";

type SessionStore = Pick<Storage, "getItem" | "setItem">;

/** Vite's message for a stylesheet preload that failed (`vite:preloadError`). */
export function isStylesheetPreloadError(error: unknown): boolean {
  return error instanceof Error && /^Unable to preload CSS for /.test(error.message);
}

/** Each engine words a failed dynamic `import()` differently. */
export function isModuleLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === "string" ? error : "";
  // Chromium, Firefox, Safari; and Vite's own preload failure.
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(message);
}

/** The same address with `cacheRefresh` set to the moment of the reload. */
export function cacheRefreshUrl(href: string, now: Date): string {
  const url = new URL(href);
  url.searchParams.set(CACHE_REFRESH_PARAM, now.toISOString());
  return url.toString();
}

/** True (and remembered) when this path has not been reloaded for a failed file in the last 10 seconds. */
export function claimChunkReload(storage: SessionStore | null, path: string, now: number): boolean {
  // Without session storage there is no guard against a reload loop: do not reload.
  if (!storage) return false;
  const key = `${GUARD_KEY_PREFIX}${path}`;
  try {
    const last = Number(storage.getItem(key) ?? Number.NaN);
    if (Number.isFinite(last) && now - last < CHUNK_RELOAD_GUARD_MS) return false;
    storage.setItem(key, String(now));
    return true;
  } catch {
    return false;
  }
}

type ChunkReloadEnvironment = {
  target: Pick<Window, "addEventListener"> & { [ROUTE_MODULE_FAILURE_HOOK]?: (error: unknown) => boolean };
  /** Without a network a reload cannot fetch the missing file: the worker would only show the offline page. */
  online: () => boolean;
  location: () => { href: string; pathname: string };
  /** The address a navigation in progress is going to: a route module that failed belongs to it, not to this page. */
  navigationTarget: () => string | null;
  storage: () => SessionStore | null;
  navigate: (url: string) => void;
  now?: () => Date;
};

/** Listens for failed module loads and reloads the address, bypassing caches, when the guard allows it. */
export function installChunkReload(environment: ChunkReloadEnvironment): void {
  const now = environment.now ?? (() => new Date());
  // A navigation loads its route modules in parallel: once one failure is reloading the page, the others wait for
  // it rather than reach the error boundary (whose update would cancel the reload).
  let reloading = false;
  const reloadAt = (href: string): boolean => {
    if (reloading) return true;
    if (!environment.online()) return false;
    const moment = now();
    if (!claimChunkReload(environment.storage(), new URL(href).pathname, moment.getTime())) return false;
    reloading = true;
    environment.navigate(cacheRefreshUrl(href, moment));
    return true;
  };
  // During a navigation the failed module is most likely one of its target's, and the page being left is not
  // what the viewer asked for: whichever report of the failure comes first, the target is reloaded.
  const reloadHref = () => environment.navigationTarget() ?? environment.location().href;
  const reloadFor = (error: unknown): boolean => isModuleLoadError(error) && reloadAt(reloadHref());

  // Remix's route module loader calls this (scripts/route-module-load-failure.ts); declining shows the error boundary.
  environment.target[ROUTE_MODULE_FAILURE_HOOK] = () => reloadAt(reloadHref());

  environment.target.addEventListener("vite:preloadError", (event) => {
    const error = (event as Event & { payload?: unknown }).payload;
    if (isStylesheetPreloadError(error)) {
      // The page works without the extra stylesheet; the route's own link tag still loads it.
      event.preventDefault();
      return;
    }
    if (reloadFor(error)) event.preventDefault();
  });
  environment.target.addEventListener("unhandledrejection", (event) => {
    if (reloadFor((event as PromiseRejectionEvent).reason)) event.preventDefault();
  });
}
