// Keyboard focus for the player's menus and its dialog: into them as they open, back to what opened them as they
// close, and round within a modal dialog on Tab (decision 0285).
import { useEffect, type KeyboardEvent, type RefObject } from "react";

const FOCUSABLE = "button:not([disabled]), a[href], input:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex='-1'])";

function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE));
}

/** While `open`: focus the container's checked choice or first control, and give focus back to the opener after. */
export function useFocusWhileOpen(containerRef: RefObject<HTMLElement>, open: boolean): void {
  useEffect(() => {
    const container = containerRef.current;
    if (!open || !container) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const first = container.querySelector<HTMLElement>("input:checked:not([disabled])") ?? focusableIn(container)[0];
    // Without scrolling: a sheet or a popover is already in view, and the page must not jump under it.
    first?.focus({ preventScroll: true });
    return () => {
      const focus = document.activeElement;
      // Only when focus went with the closed container: a click elsewhere keeps where it went.
      if (opener?.isConnected && (!focus || focus === document.body || container.contains(focus))) opener.focus({ preventScroll: true });
    };
  }, [containerRef, open]);
}

/** Tab past the last control comes back to the first, Shift+Tab before the first goes to the last. */
export function keepTabWithin(event: KeyboardEvent<HTMLElement>): void {
  if (event.key !== "Tab") return;
  const controls = focusableIn(event.currentTarget);
  const first = controls[0];
  const last = controls[controls.length - 1];
  if (!first || !last) return;
  const leavingForward = !event.shiftKey && document.activeElement === last;
  const leavingBack = event.shiftKey && document.activeElement === first;
  if (!leavingForward && !leavingBack) return;
  event.preventDefault();
  (leavingForward ? first : last).focus();
}
