import { describe, expect, it } from "vitest";
import { shownState } from "./shown-state";

describe("shownState", () => {
  it("shows the submission in flight above everything else", () => {
    expect(shownState({ pending: true, confirmed: false, extras: false, initial: false })).toBe(true);
  });

  it("shows the action's answer once the submission finished", () => {
    expect(shownState({ pending: undefined, confirmed: "WATCHED", extras: "PLANNED", initial: null })).toBe("WATCHED");
  });

  it("falls back to the account extras, then to what the page rendered with", () => {
    expect(shownState<string | null>({ pending: undefined, confirmed: undefined, extras: null, initial: "PLANNED" })).toBeNull();
    expect(shownState({ pending: undefined, confirmed: undefined, extras: undefined, initial: "PLANNED" })).toBe("PLANNED");
  });

  it("keeps a pending removal (null) instead of falling through", () => {
    expect(shownState<string | null>({ pending: null, confirmed: "WATCHING", extras: "WATCHING", initial: "WATCHING" })).toBeNull();
  });
});
