// A <details> menu's open state. A menu opened before the page hydrated (decision 0234) fired its toggle event before
// React listened: its state is read on hydration (decision 0236).
import { useEffect, useRef, useState, type RefObject, type SyntheticEvent } from "react";
import { closeMenu } from "./dismiss-menu";

export function useDetailsOpen() {
  const ref = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (ref.current?.open) setOpen(true);
  }, []);
  const onToggle = (event: SyntheticEvent<HTMLDetailsElement>) => setOpen(event.currentTarget.open);
  return { ref, open, setOpen, onToggle };
}

/** While the menu is open, a press elsewhere or Escape closes it. */
export function useMenuDismissal(menu: RefObject<HTMLDetailsElement>, open: boolean): void {
  useEffect(() => {
    if (!open) return;
    const dismiss = (event: Event) => {
      const byKey = event.type === "keydown";
      const current = menu.current;
      if (!current?.open || (byKey ? (event as KeyboardEvent).key !== "Escape" : current.contains(event.target as Node))) return;
      closeMenu(current, byKey);
    };
    document.addEventListener("pointerdown", dismiss);
    document.addEventListener("keydown", dismiss);
    return () => {
      document.removeEventListener("pointerdown", dismiss);
      document.removeEventListener("keydown", dismiss);
    };
  }, [menu, open]);
}
