import { describe, expect, it } from "vitest";
import { DOUBLE_TAP_MS, interpretTap, sideOf } from "./touch-gestures";

describe("interpretTap", () => {
  it("shows or hides the controls on a single tap", () => {
    expect(interpretTap(null, 1000, "back").action).toEqual({ kind: "toggle-controls" });
  });

  it("seeks on a quick second tap on the same half, taking back the first tap's toggle", () => {
    const first = interpretTap(null, 1000, "forward");
    const second = interpretTap(first.last, 1000 + DOUBLE_TAP_MS - 1, "forward");
    expect(second.action).toEqual({ kind: "seek", side: "forward", undoToggle: true });
    const third = interpretTap(second.last, 1000 + DOUBLE_TAP_MS + 100, "forward");
    expect(third.action).toEqual({ kind: "seek", side: "forward", undoToggle: false });
  });

  it("treats a slow second tap, or one on the other half, as a new single tap", () => {
    const first = interpretTap(null, 1000, "back");
    expect(interpretTap(first.last, 1000 + DOUBLE_TAP_MS + 1, "back").action).toEqual({ kind: "toggle-controls" });
    expect(interpretTap(first.last, 1100, "forward").action).toEqual({ kind: "toggle-controls" });
  });
});

describe("sideOf", () => {
  it("splits the picture in halves", () => {
    expect(sideOf(10, 400)).toBe("back");
    expect(sideOf(199, 400)).toBe("back");
    expect(sideOf(200, 400)).toBe("forward");
  });
});
