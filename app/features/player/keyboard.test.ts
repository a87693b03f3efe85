import { describe, expect, it } from "vitest";
import { commandForKey, isControlActivation, isTypingTarget, type KeyPress } from "./keyboard";

function press(code: string, key: string, modifiers: Partial<KeyPress> = {}): KeyPress {
  return { code, key, shiftKey: false, ctrlKey: false, altKey: false, metaKey: false, ...modifiers };
}

describe("player shortcuts", () => {
  it("follow the physical key, whatever the layout prints", () => {
    // The same physical keys typed on the Russian layout.
    expect(commandForKey(press("KeyK", "л"))).toEqual({ kind: "toggle-play" });
    expect(commandForKey(press("KeyF", "а"))).toEqual({ kind: "toggle-fullscreen" });
    expect(commandForKey(press("KeyM", "ь"))).toEqual({ kind: "toggle-mute" });
    expect(commandForKey(press("KeyS", "ы"))).toEqual({ kind: "skip-range" });
    expect(commandForKey(press("KeyN", "Т", { shiftKey: true }))).toEqual({ kind: "next-episode" });
    expect(commandForKey(press("KeyP", "З", { shiftKey: true }))).toEqual({ kind: "previous-episode" });
    expect(commandForKey(press("Period", "Ю", { shiftKey: true }))).toEqual({ kind: "rate-by", steps: 1 });
  });

  it("seek, change volume and jump to a tenth of the episode", () => {
    expect(commandForKey(press("ArrowLeft", "ArrowLeft"))).toEqual({ kind: "seek-by", seconds: -5 });
    expect(commandForKey(press("KeyL", "д"))).toEqual({ kind: "seek-by", seconds: 10 });
    expect(commandForKey(press("ArrowUp", "ArrowUp"))).toEqual({ kind: "volume-by", delta: 0.1 });
    expect(commandForKey(press("Digit3", "3"))).toEqual({ kind: "seek-to-fraction", fraction: 0.3 });
    expect(commandForKey(press("Numpad0", "0"))).toEqual({ kind: "seek-to-fraction", fraction: 0 });
  });

  it("open the help with ? on either layout", () => {
    expect(commandForKey(press("Slash", "?", { shiftKey: true }))).toEqual({ kind: "show-help" });
    expect(commandForKey(press("Digit7", "?", { shiftKey: true }))).toEqual({ kind: "show-help" });
    expect(commandForKey(press("Digit7", "&", { shiftKey: true }))).toBeNull();
  });

  it("leave browser shortcuts and unknown keys alone", () => {
    expect(commandForKey(press("KeyF", "f", { ctrlKey: true }))).toBeNull();
    expect(commandForKey(press("KeyR", "r", { metaKey: true }))).toBeNull();
    expect(commandForKey(press("KeyQ", "й"))).toBeNull();
    expect(commandForKey(press("KeyK", "K", { shiftKey: true }))).toBeNull();
  });
});

describe("where shortcuts do not apply", () => {
  const element = (tagName: string, extra: Record<string, unknown> = {}) =>
    ({
      tagName,
      isContentEditable: false,
      closest: (selector: string) => (extra.closestMatches === selector ? {} : null),
      ...extra,
    }) as unknown as EventTarget;

  it("skips text fields but not sliders, except their arrows", () => {
    expect(isTypingTarget(element("INPUT", { type: "search" }), "KeyF")).toBe(true);
    expect(isTypingTarget(element("INPUT", { type: "range" }), "KeyF")).toBe(false);
    expect(isTypingTarget(element("INPUT", { type: "range" }), "ArrowLeft")).toBe(true);
    expect(isTypingTarget(element("DIV"), "Space")).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });

  it("leaves the arrows and Space to a focused choice (the quality's radios, the settings' boxes)", () => {
    expect(isTypingTarget(element("INPUT", { type: "radio" }), "ArrowRight")).toBe(true);
    expect(isTypingTarget(element("INPUT", { type: "radio" }), "Space")).toBe(true);
    expect(isTypingTarget(element("INPUT", { type: "checkbox" }), "Space")).toBe(true);
    expect(isTypingTarget(element("INPUT", { type: "checkbox" }), "KeyF")).toBe(false);
  });

  it("leaves Space and Enter to a focused button", () => {
    const button = { closest: (selector: string) => (selector.includes("button") ? {} : null) } as unknown as EventTarget;
    expect(isControlActivation(button, "Space")).toBe(true);
    expect(isControlActivation(button, "KeyK")).toBe(false);
    expect(isControlActivation(null, "Space")).toBe(false);
  });

  it("takes Space on a button of a dialog just closed for the player's (focus leaves it only at the next frame)", () => {
    const inClosedDialog = { closest: (selector: string) => (selector.includes("button") || selector.startsWith("dialog") ? {} : null) };
    expect(isControlActivation(inClosedDialog as unknown as EventTarget, "Space")).toBe(false);
  });
});
