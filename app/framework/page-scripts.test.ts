import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AFTER_FIRST_PAINT, afterEarlyStart, moduleScriptAfter } from "./page-scripts";

const moduleScriptAfterFirstPaint = (script: string, modules: readonly string[]) => moduleScriptAfter(AFTER_FIRST_PAINT, script, modules);

const REMIX_MODULE_SCRIPT = `import "/assets/manifest-0.js";
import * as route0 from "/assets/root-a.js";
window.__remixRouteModules = {"root":route0};

import("/assets/entry.client-b.js");`;
const MODULES = ["/assets/manifest-0.js", "/assets/entry.client-b.js", "/assets/root-a.js"];

type FakeElement = { tagName: string } & Record<string, unknown>;

/** Messages posted through the page's channels, delivered only when a test says the next task has come. */
const postedMessages: Array<() => void> = [];
class NextTaskChannel {
  port1 = { onmessage: null as null | (() => void), close: () => undefined };
  port2 = { postMessage: () => postedMessages.push(() => this.port1.onmessage?.()) };
}

/** Lets the script's pending promise callbacks run, then delivers its messages: the task after. */
async function nextTask(): Promise<void> {
  await Promise.resolve();
  postedMessages.splice(0).forEach((deliver) => deliver());
}

type PaintEntries = { getEntriesByName(name: string): unknown[] };
type PaintObserverCallback = (entries: PaintEntries, observer: { disconnect(): void }) => void;

/** Runs the script against a page that has only what it touches; returns what it added and a way to paint. */
function runInPage(script: string, options: { hidden?: boolean; paintTiming?: boolean } = {}) {
  const added = { head: [] as FakeElement[], body: [] as FakeElement[] };
  let onPaint: PaintObserverCallback | null = null;
  const document = {
    visibilityState: options.hidden ? "hidden" : "visible",
    querySelector: (selector: string) => (selector === "script[nonce]" ? { nonce: "page-nonce" } : null),
    createElement: (tagName: string): FakeElement => ({ tagName }),
    head: { append: (element: FakeElement) => added.head.push(element) },
    body: { append: (element: FakeElement) => added.body.push(element) },
  };
  class PerformanceObserver {
    static supportedEntryTypes = options.paintTiming === false ? [] : ["paint"];
    constructor(callback: PaintObserverCallback) {
      onPaint = callback;
    }
    observe() {}
  }
  const requestAnimationFrame = (callback: () => void) => setTimeout(callback, 16);
  new Function("document", "PerformanceObserver", "requestAnimationFrame", "MessageChannel", script)(
    document,
    PerformanceObserver,
    requestAnimationFrame,
    NextTaskChannel,
  );
  return {
    added,
    /** The browser reports a paint of that name to the observer. */
    paint(name: "first-paint" | "first-contentful-paint") {
      onPaint?.({ getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) }, { disconnect: () => (onPaint = null) });
    },
  };
}

describe("moduleScriptAfter the first paint", () => {
  it("adds nothing before the first contentful paint, then the modules' links and Remix's script, with the page's nonce", async () => {
    const modules = [...MODULES, "/assets/a.js", "/assets/b.js", "/assets/c.js"];
    const link = (href: string) => ({ tagName: "link", rel: "modulepreload", href, nonce: "page-nonce" });
    vi.useFakeTimers();
    try {
      const page = runInPage(moduleScriptAfterFirstPaint(REMIX_MODULE_SCRIPT, modules));
      page.paint("first-paint");
      await vi.advanceTimersByTimeAsync(1000);
      await nextTask();
      expect(page.added).toEqual({ head: [], body: [] });

      page.paint("first-contentful-paint");
      await nextTask();
      expect(page.added.head).toEqual(modules.map(link));
      expect(page.added.body).toEqual([{ tagName: "script", type: "module", nonce: "page-nonce", textContent: REMIX_MODULE_SCRIPT }]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("starts at once in a hidden document, which paints nothing until it is shown", async () => {
    const page = runInPage(moduleScriptAfterFirstPaint(REMIX_MODULE_SCRIPT, MODULES), { hidden: true });
    await nextTask();
    expect(page.added.body).toHaveLength(1);
  });

  it("waits a frame where the browser has no paint timing, and 3 s at most where no paint is ever reported", async () => {
    vi.useFakeTimers();
    try {
      const withoutPaintTiming = runInPage(moduleScriptAfterFirstPaint(REMIX_MODULE_SCRIPT, MODULES), { paintTiming: false });
      await vi.advanceTimersByTimeAsync(20);
      await nextTask();
      expect(withoutPaintTiming.added.body).toHaveLength(1);

      const neverPainted = runInPage(moduleScriptAfterFirstPaint(REMIX_MODULE_SCRIPT, MODULES));
      await vi.advanceTimersByTimeAsync(2999);
      expect(neverPainted.added.body).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(1);
      await nextTask();
      expect(neverPainted.added.body).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("cannot close the <script> element it is written into", () => {
    const script = moduleScriptAfterFirstPaint('window.x = "</script><script>alert(1)</script>";', ["/assets/a.js?</script>"]);
    expect(script).not.toContain("</script");
    const page = runInPage(script, { hidden: true });
    return nextTask().then(() => {
      expect(page.added.body[0]?.textContent).toBe('window.x = "</script><script>alert(1)</script>";');
      expect(page.added.head[0]?.href).toBe("/assets/a.js?</script>");
    });
  });
});

describe("moduleScriptAfter an early start", () => {
  const signal = { event: "player:early-start-settled", attribute: "data-early-start-settled" };
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** A page whose early start is over (`settled`) or not yet; `settle` dispatches the event. */
  function earlyStartPage(settled: boolean) {
    const added: FakeElement[] = [];
    const listeners: (() => void)[] = [];
    const document = {
      visibilityState: "visible",
      documentElement: { hasAttribute: (name: string) => settled && name === signal.attribute },
      querySelector: () => ({ nonce: "page-nonce" }),
      createElement: (tagName: string): FakeElement => ({ tagName }),
      head: { append: () => undefined },
      body: { append: (element: FakeElement) => added.push(element) },
    };
    const addEventListener = (name: string, listener: () => void) => name === signal.event && listeners.push(listener);
    const script = moduleScriptAfter(afterEarlyStart(signal), REMIX_MODULE_SCRIPT, MODULES);
    new Function("document", "addEventListener", "MessageChannel", script)(document, addEventListener, NextTaskChannel);
    return { added, settle: () => listeners.forEach((listener) => listener()) };
  }

  it("waits for the page's signal, then adds Remix's script", async () => {
    const page = earlyStartPage(false);
    await vi.advanceTimersByTimeAsync(1000);
    expect(page.added).toHaveLength(0);
    page.settle();
    await nextTask();
    expect(page.added).toEqual([{ tagName: "script", type: "module", nonce: "page-nonce", textContent: REMIX_MODULE_SCRIPT }]);
  });

  it("starts at once when the signal came before it listened, and after 3 s when it never comes", async () => {
    const early = earlyStartPage(true);
    await nextTask();
    expect(early.added).toHaveLength(1);

    const never = earlyStartPage(false);
    await vi.advanceTimersByTimeAsync(2999);
    expect(never.added).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await nextTask();
    expect(never.added).toHaveLength(1);
  });
});
