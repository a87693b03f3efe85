// Wires the installable app into the page (called once from entry.client.tsx, as hydration is about to start).
import { browserSavesData } from "~/domain/low-data";
import { pageBuildVersion, pendingNavigationHref, whenRouterReady } from "~/framework/remix-globals";
import { reportDeviceFingerprint } from "~/features/fingerprint/report-fingerprint";
import { watchForNewBuild } from "./build-version";
import { installChunkReload } from "./chunk-reload";
import { reloadOnNavigationWhen } from "./document-navigation";
import { pwaStore, type BeforeInstallPromptEvent } from "./lifecycle";

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Low-data mode as the root loader read it (the switch's cookie, the Save-Data header), or the browser's own signal. */
export function lowDataOf(loaderData: Record<string, unknown>): boolean {
  const root = loaderData.root as { preferences?: { lowData?: unknown } } | undefined;
  return Boolean(root?.preferences?.lowData) || browserSavesData();
}

/** The operator's public key for the third-party fingerprint agent, when the root loader provides one (`site.fingerprintApiKey`). */
export function fingerprintApiKeyOf(loaderData: Record<string, unknown>): string | null {
  const root = loaderData.root as { site?: { fingerprintApiKey?: unknown } } | undefined;
  const key = root?.site?.fingerprintApiKey;
  return typeof key === "string" && key !== "" ? key : null;
}

function whenIdle(callback: () => void) {
  // Safari has no requestIdleCallback.
  if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(callback, { timeout: 3000 });
  else setTimeout(callback, 1000);
}

/**
 * The fingerprint shows nothing to the person and costs a slow phone about 170 ms of main thread (drawings, ICU's
 * time-zone data): it waits until the first seconds after load, when people start scrolling and tapping, are over.
 */
export const FINGERPRINT_DELAY_MS = 5000;

function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  void pwaStore.register({
    container: navigator.serviceWorker,
    reload: () => window.location.reload(),
    currentPage: () => ({
      url: window.location.href,
      assets: performance.getEntriesByType("resource").map((entry) => entry.name),
    }),
  });
}

export function startPwa() {
  installChunkReload({
    target: window,
    online: () => navigator.onLine,
    location: () => window.location,
    navigationTarget: pendingNavigationHref,
    storage: sessionStore,
    navigate: (url) => window.location.replace(url),
  });
  window.addEventListener("beforeinstallprompt", (event) => pwaStore.captureInstallPrompt(event as BeforeInstallPromptEvent));
  window.addEventListener("appinstalled", () => pwaStore.installed());

  // As soon as the router exists, not after load: a click in between would navigate offline, or to an old build.
  whenRouterReady((router) => {
    const build = watchForNewBuild({
      version: pageBuildVersion,
      document,
      window,
      setInterval: (callback, ms) => window.setInterval(callback, ms),
    });
    reloadOnNavigationWhen(
      router,
      () => build.isNewer() || !navigator.onLine,
      (href) => window.location.assign(href),
    );
  });

  const afterLoad = () => {
    whenRouterReady((router) => {
      // The development server has no built worker; caching there would only hide changes. In low-data mode the worker
      // would fetch the offline page and its files, and this page again, on the first visit (decision 0288).
      if (import.meta.env.PROD && !lowDataOf(router.state.loaderData)) registerServiceWorker();
      // Imported with the page, not on demand: a failed chunk (a content blocker's rule on the name, a deploy)
      // would make chunk-reload reload the page long after load, and again on every visit.
      const reportFingerprint = () => void reportDeviceFingerprint({ apiKey: fingerprintApiKeyOf(router.state.loaderData) });
      window.setTimeout(() => whenIdle(reportFingerprint), FINGERPRINT_DELAY_MS);
    });
  };
  if (document.readyState === "complete") afterLoad();
  else window.addEventListener("load", afterLoad, { once: true });
}
