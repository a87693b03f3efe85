import { describe, expect, it } from "vitest";
import { GESTURE_COUNTS_FOR_MS, watchMemberGestures } from "./member-gestures";

function clock() {
  let time = 1_000_000;
  return { now: () => time, pass: (milliseconds: number) => (time += milliseconds) };
}

describe("the member's gestures", () => {
  it("does not count a gesture made before it watched: the click that joined the room is not a play", () => {
    const page = new EventTarget();
    const { now } = clock();
    page.dispatchEvent(new Event("pointerdown"));
    const gestures = watchMemberGestures(page, now);
    expect(gestures.recent()).toBe(false);
    gestures.stop();
  });

  it("counts a press, a tap or a key for a short while after it", () => {
    const page = new EventTarget();
    const { now, pass } = clock();
    const gestures = watchMemberGestures(page, now);
    for (const gesture of ["pointerdown", "pointerup", "keydown"]) {
      page.dispatchEvent(new Event(gesture));
      expect(gestures.recent(), gesture).toBe(true);
      pass(GESTURE_COUNTS_FOR_MS);
      expect(gestures.recent(), `${gesture}, ${GESTURE_COUNTS_FOR_MS} ms after`).toBe(true);
      pass(1);
      expect(gestures.recent(), `${gesture}, later`).toBe(false);
    }
    gestures.stop();
  });

  it("stops watching when stopped", () => {
    const page = new EventTarget();
    const { now } = clock();
    const gestures = watchMemberGestures(page, now);
    gestures.stop();
    page.dispatchEvent(new Event("keydown"));
    expect(gestures.recent()).toBe(false);
  });
});
