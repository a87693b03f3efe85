// Whether what the <video> just did was the member's doing: a press, a tap or a key on this page shortly before.
// The browser's own sign (`navigator.userActivation`) lasts seconds and survives an in-app navigation, so the click
// that joined a room still counted when the player started the episode on its own a moment later, and the room
// started playing for everyone (decision 0262).

/** A player event this long after the member's last press, tap or key is still theirs (a slow phone's play()). */
export const GESTURE_COUNTS_FOR_MS = 2_000;

const GESTURES = ["pointerdown", "pointerup", "keydown"] as const;

export type MemberGestures = { recent(): boolean; stop(): void };

/**
 * Watches `target` (the window) for the member's gestures from now on; `recent()` says whether one came within
 * `GESTURE_COUNTS_FOR_MS` and the browser still counts the page as activated by the user (where it says).
 */
export function watchMemberGestures(target: EventTarget, now: () => number = Date.now): MemberGestures {
  let lastGestureAt = -Infinity;
  const onGesture = () => (lastGestureAt = now());
  for (const name of GESTURES) target.addEventListener(name, onGesture, { capture: true, passive: true });
  return {
    recent() {
      return now() - lastGestureAt <= GESTURE_COUNTS_FOR_MS && (globalThis.navigator?.userActivation?.isActive ?? true);
    },
    stop() {
      for (const name of GESTURES) target.removeEventListener(name, onGesture, { capture: true });
    },
  };
}
