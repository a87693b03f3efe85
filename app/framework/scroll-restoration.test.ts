import { createBrowserHistory } from "@remix-run/router";
import { describe, expect, it, vi } from "vitest";
import { RESTORE_SCROLL_SCRIPT } from "./scroll-restoration";

type HistoryState = { key?: string; idx?: number } | null;

/** Runs the inline script against a page that has only what it touches. */
function runScript(state: HistoryState, stored: string | null) {
  const getItem = vi.fn(() => stored);
  const removeItem = vi.fn();
  const replaceState = vi.fn();
  const scrollTo = vi.fn();
  const window = { history: { state, replaceState }, scrollTo };
  const console = { error: vi.fn() };
  new Function("window", "sessionStorage", "console", RESTORE_SCROLL_SCRIPT)(window, { getItem, removeItem }, console);
  return { getItem, removeItem, replaceState, scrollTo };
}

describe("the scroll restoration script", () => {
  it("gives a new history entry a key without reading the stored positions", () => {
    const page = runScript(null, JSON.stringify({ abc: 300 }));
    expect(page.replaceState).toHaveBeenCalledWith({ key: expect.stringMatching(/^[0-9a-v]+$/), idx: 0 }, "");
    expect(page.getItem).not.toHaveBeenCalled();
    expect(page.scrollTo).not.toHaveBeenCalled();
  });

  it("writes the index React Router's history would, so the router does not replace the entry again as it hydrates", () => {
    const written = runScript(null, null).replaceState.mock.calls[0]![0] as HistoryState;
    const replaceState = vi.fn();
    const location = new URL("https://example.org/anime/catalog/");
    const window = { history: { state: written, replaceState }, location, addEventListener: vi.fn() };
    createBrowserHistory({ window: window as unknown as Window });
    expect(replaceState).not.toHaveBeenCalled();
    // Without the index, the router writes the entry once more.
    createBrowserHistory({ window: { ...window, history: { state: { key: "abc" }, replaceState } } as unknown as Window });
    expect(replaceState).toHaveBeenCalledWith({ key: "abc", idx: 0 }, "");
  });

  it("restores the position stored for the entry reloaded or gone back to", () => {
    const page = runScript({ key: "abc" }, JSON.stringify({ abc: 300, other: 10 }));
    expect(page.getItem).toHaveBeenCalledWith("positions");
    expect(page.scrollTo).toHaveBeenCalledWith(0, 300);
    expect(page.replaceState).not.toHaveBeenCalled();
  });

  it("leaves the page where it is when nothing was stored for the entry", () => {
    expect(runScript({ key: "abc" }, null).scrollTo).not.toHaveBeenCalled();
    expect(runScript({ key: "abc" }, JSON.stringify({ other: 10 })).scrollTo).not.toHaveBeenCalled();
  });

  it("forgets stored positions it cannot read", () => {
    const page = runScript({ key: "abc" }, "{not json");
    expect(page.removeItem).toHaveBeenCalledWith("positions");
    expect(page.scrollTo).not.toHaveBeenCalled();
  });
});
