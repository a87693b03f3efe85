// The service worker's lifecycle as the page sees it (docs/product.md#states): register on load, reload when an update or another
// tab's worker takes over, the offline-ready flag after the first install, a flag when registration fails, and the
// browser's install prompt kept for the install button.
import { CACHE_CURRENT_PAGE_MESSAGE, type CacheCurrentPageMessage } from "./worker-messages";

export const SERVICE_WORKER_URL = "/sw.js";
export const SERVICE_WORKER_SCOPE = "/";
export const INSTALL_DISMISSED_KEY = "pwa-install-dismissed-at";
/** A dismissed install offer comes back after this long. */
export const INSTALL_DISMISSAL_MS = 30 * 24 * 60 * 60 * 1000;

export type PwaState = {
  /** The worker was installed for the first time (not an update): visited pages now open without a network. */
  offlineReady: boolean;
  registrationFailed: boolean;
  /** The browser offered installation and the offer is still open. */
  installAvailable: boolean;
  installDismissed: boolean;
};

/** Chromium's `beforeinstallprompt` event (not in the DOM typings). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: "accepted" | "dismissed"; platform: string }>;
}

type KeyValueStorage = Pick<Storage, "getItem" | "setItem">;

export type LifecycleEnvironment = {
  container: Pick<ServiceWorkerContainer, "controller" | "register" | "addEventListener">;
  reload: () => void;
  /** The page this document was opened on and the files it loaded, for the worker to keep. */
  currentPage: () => { url: string; assets: string[] };
};

const initialState: PwaState = { offlineReady: false, registrationFailed: false, installAvailable: false, installDismissed: false };

export function createPwaStore(storage: () => KeyValueStorage | null, now: () => number = Date.now) {
  let state = initialState;
  const listeners = new Set<() => void>();
  let deferredPrompt: BeforeInstallPromptEvent | null = null;

  function update(patch: Partial<PwaState>) {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  }

  function readDismissal(): boolean {
    try {
      const dismissedAt = Number(storage()?.getItem(INSTALL_DISMISSED_KEY) ?? Number.NaN);
      return Number.isFinite(dismissedAt) && now() - dismissedAt < INSTALL_DISMISSAL_MS;
    } catch {
      return false;
    }
  }

  function trackFirstInstall(registration: ServiceWorkerRegistration, environment: LifecycleEnvironment) {
    const watch = (worker: ServiceWorker | null) => {
      if (!worker) return;
      const onState = () => {
        if (worker.state !== "activated") return;
        worker.removeEventListener("statechange", onState);
        update({ offlineReady: true });
        const message: CacheCurrentPageMessage = { type: CACHE_CURRENT_PAGE_MESSAGE, ...environment.currentPage() };
        worker.postMessage(message);
      };
      worker.addEventListener("statechange", onState);
      onState();
    };
    watch(registration.installing ?? registration.waiting);
  }

  return {
    getState: (): PwaState => state,
    getServerState: (): PwaState => initialState,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async register(environment: LifecycleEnvironment): Promise<void> {
      const { container } = environment;
      const hadController = Boolean(container.controller);
      let controlled = hadController;
      let reloading = false;
      container.addEventListener("controllerchange", () => {
        // A first install claims this page (its first controller): nothing changed under it. Otherwise an update
        // (or another tab's newer worker) now serves this page, which may still run the previous build: reload once.
        if (!controlled) {
          controlled = true;
          return;
        }
        if (reloading) return;
        reloading = true;
        environment.reload();
      });
      try {
        const registration = await container.register(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE, updateViaCache: "none" });
        // An already active worker means this is not the first install (a hard reload bypasses the worker).
        if (!hadController && !registration.active) trackFirstInstall(registration, environment);
      } catch (error) {
        console.error("service worker registration failed", error);
        update({ registrationFailed: true });
      }
    },

    captureInstallPrompt(event: BeforeInstallPromptEvent) {
      // Keep the browser's own mini-infobar away: the site offers installation with its own button.
      event.preventDefault();
      deferredPrompt = event;
      update({ installAvailable: true, installDismissed: readDismissal() });
    },

    installed() {
      deferredPrompt = null;
      update({ installAvailable: false });
    },

    async promptInstall(): Promise<"accepted" | "dismissed" | "unavailable"> {
      const prompt = deferredPrompt;
      if (!prompt) return "unavailable";
      // A prompt can be shown only once; the browser fires a new event if installation is still possible.
      deferredPrompt = null;
      update({ installAvailable: false });
      await prompt.prompt();
      const { outcome } = await prompt.userChoice;
      return outcome;
    },

    dismissInstall() {
      try {
        storage()?.setItem(INSTALL_DISMISSED_KEY, String(now()));
      } catch {
        // Storage refused (private mode, quota): the offer stays hidden for this page only.
      }
      update({ installDismissed: true });
    },
  };
}

export type PwaStore = ReturnType<typeof createPwaStore>;

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The page's one store (the install button and entry.client.tsx share it). */
export const pwaStore = createPwaStore(browserStorage);
