import { describe, expect, it, vi } from "vitest";
import {
  createPwaStore,
  INSTALL_DISMISSAL_MS,
  INSTALL_DISMISSED_KEY,
  type BeforeInstallPromptEvent,
  type LifecycleEnvironment,
} from "./lifecycle";

class FakeWorker extends EventTarget {
  state: ServiceWorkerState = "installing";
  messages: unknown[] = [];
  postMessage(message: unknown) {
    this.messages.push(message);
  }
  moveTo(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event("statechange"));
  }
}

function setUp(options: { controlled: boolean; active?: boolean; registerFails?: boolean }) {
  const installing = new FakeWorker();
  const container = new EventTarget() as EventTarget & { controller: object | null; register: ReturnType<typeof vi.fn> };
  container.controller = options.controlled ? {} : null;
  container.register = vi.fn(async () => {
    if (options.registerFails) throw new Error("blocked");
    return { installing, waiting: null, active: options.active ? new FakeWorker() : null };
  });
  const reload = vi.fn();
  const environment = {
    container,
    reload,
    currentPage: () => ({ url: "https://site.example/rules", assets: ["https://site.example/assets/a.js"] }),
  } as unknown as LifecycleEnvironment;
  const store = createPwaStore(() => null);
  return { store, environment, container, installing, reload };
}

describe("service worker lifecycle", () => {
  it("registers /sw.js for the whole site, bypassing the HTTP cache for the worker script", async () => {
    const { store, environment, container } = setUp({ controlled: false });
    await store.register(environment);
    expect(container.register).toHaveBeenCalledWith("/sw.js", { scope: "/", updateViaCache: "none" });
  });

  it("sets the offline-ready flag after the first install and asks the worker to keep the current page", async () => {
    const { store, environment, container, installing, reload } = setUp({ controlled: false });
    await store.register(environment);
    expect(store.getState().offlineReady).toBe(false);
    installing.moveTo("installed");
    installing.moveTo("activated");
    // clients.claim() gives the page its first controller: not a reason to reload.
    container.dispatchEvent(new Event("controllerchange"));
    expect(store.getState().offlineReady).toBe(true);
    expect(reload).not.toHaveBeenCalled();
    expect(installing.messages).toEqual([
      { type: "cache-current-page", url: "https://site.example/rules", assets: ["https://site.example/assets/a.js"] },
    ]);
  });

  it("reloads once when an update (or another tab's worker) takes over, without the offline-ready flag", async () => {
    const { store, environment, container, installing, reload } = setUp({ controlled: true, active: true });
    await store.register(environment);
    installing.moveTo("activated");
    container.dispatchEvent(new Event("controllerchange"));
    container.dispatchEvent(new Event("controllerchange"));
    expect(reload).toHaveBeenCalledOnce();
    expect(store.getState().offlineReady).toBe(false);
  });

  it("reloads on a later update of a page that was first claimed by the first install", async () => {
    const { store, environment, container, reload } = setUp({ controlled: false });
    await store.register(environment);
    container.dispatchEvent(new Event("controllerchange"));
    expect(reload).not.toHaveBeenCalled();
    container.dispatchEvent(new Event("controllerchange"));
    expect(reload).toHaveBeenCalledOnce();
  });

  it("records a failed registration as a flag", async () => {
    const { store, environment } = setUp({ controlled: false, registerFails: true });
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await store.register(environment);
    expect(store.getState().registrationFailed).toBe(true);
    logged.mockRestore();
  });
});

function installPrompt(outcome: "accepted" | "dismissed") {
  const event = new Event("beforeinstallprompt", { cancelable: true }) as BeforeInstallPromptEvent;
  Object.assign(event, { prompt: vi.fn(async () => undefined), userChoice: Promise.resolve({ outcome, platform: "web" }) });
  return event;
}

describe("install prompt", () => {
  it("keeps the browser's prompt for the install button and shows it once", async () => {
    const store = createPwaStore(() => null);
    const listener = vi.fn();
    store.subscribe(listener);
    const event = installPrompt("accepted");
    store.captureInstallPrompt(event);
    expect(event.defaultPrevented).toBe(true);
    expect(store.getState().installAvailable).toBe(true);
    expect(listener).toHaveBeenCalled();
    await expect(store.promptInstall()).resolves.toBe("accepted");
    expect(event.prompt).toHaveBeenCalledOnce();
    expect(store.getState().installAvailable).toBe(false);
    await expect(store.promptInstall()).resolves.toBe("unavailable");
  });

  it("remembers a dismissal for 30 days", () => {
    const saved = new Map<string, string>();
    const storage = {
      getItem: (key: string) => saved.get(key) ?? null,
      setItem: (key: string, value: string) => void saved.set(key, value),
    };
    let now = 1_000_000;
    const store = createPwaStore(
      () => storage,
      () => now,
    );
    store.captureInstallPrompt(installPrompt("dismissed"));
    store.dismissInstall();
    expect(saved.get(INSTALL_DISMISSED_KEY)).toBe("1000000");
    expect(store.getState().installDismissed).toBe(true);

    const nextVisit = createPwaStore(
      () => storage,
      () => now,
    );
    nextVisit.captureInstallPrompt(installPrompt("dismissed"));
    expect(nextVisit.getState()).toMatchObject({ installAvailable: true, installDismissed: true });

    now += INSTALL_DISMISSAL_MS;
    const monthLater = createPwaStore(
      () => storage,
      () => now,
    );
    monthLater.captureInstallPrompt(installPrompt("dismissed"));
    expect(monthLater.getState().installDismissed).toBe(false);
  });

  it("forgets the prompt once the app is installed", () => {
    const store = createPwaStore(() => null);
    store.captureInstallPrompt(installPrompt("accepted"));
    store.installed();
    expect(store.getState().installAvailable).toBe(false);
  });
});
