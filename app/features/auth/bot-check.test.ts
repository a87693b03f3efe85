import { afterEach, describe, expect, it, vi } from "vitest";

type Listener = () => void;

/** Just enough of a document for the loader: script elements that load or fail when asked. */
function fakeDocument() {
  const scripts: { src: string; async: boolean; listeners: Record<string, Listener>; removed: boolean }[] = [];
  const win: { grecaptcha?: unknown; setTimeout: typeof setTimeout } = {
    setTimeout: ((callback: () => void, ms: number) => setTimeout(callback, ms)) as typeof setTimeout,
  };
  const doc = {
    defaultView: win,
    createElement: () => {
      const script = {
        src: "",
        async: false,
        listeners: {} as Record<string, Listener>,
        removed: false,
        addEventListener(type: string, listener: Listener) {
          this.listeners[type] = listener;
        },
        remove() {
          this.removed = true;
        },
      };
      scripts.push(script);
      return script;
    },
    head: { append: vi.fn() },
  };
  return { doc: doc as unknown as Document, win, scripts };
}

const api = { render: vi.fn(() => 7), execute: vi.fn(), reset: vi.fn() };

describe("loadRecaptcha", () => {
  afterEach(() => {
    vi.resetModules();
  });

  it("loads the explicit-render script from the alternate domain once and waits for its API", async () => {
    const { loadRecaptcha, botCheckState, RECAPTCHA_SCRIPT_URL } = await import("./bot-check");
    const { doc, win, scripts } = fakeDocument();
    const first = loadRecaptcha(doc);
    const second = loadRecaptcha(doc);
    expect(scripts).toHaveLength(1);
    expect(scripts[0]!.src).toBe(RECAPTCHA_SCRIPT_URL);
    expect(RECAPTCHA_SCRIPT_URL).toBe("https://www.recaptcha.net/recaptcha/api.js?render=explicit");
    expect(botCheckState()).toBe("loading");
    scripts[0]!.listeners.load!();
    // The API appears a little after the script's load event; the loader polls for it.
    setTimeout(() => (win.grecaptcha = api), 60);
    await expect(first).resolves.toBe(api);
    expect(second).toBe(first);
    expect(botCheckState()).toBe("loaded");
  });

  it("resets silently when the script fails, so a later attempt loads it again", async () => {
    const { loadRecaptcha, botCheckState } = await import("./bot-check");
    const { doc, scripts } = fakeDocument();
    const attempt = loadRecaptcha(doc);
    scripts[0]!.listeners.error!();
    await expect(attempt).rejects.toThrow();
    expect(botCheckState()).toBe("idle");
    expect(scripts[0]!.removed).toBe(true);
    void loadRecaptcha(doc).catch(() => undefined);
    expect(scripts).toHaveLength(2);
  });
});
