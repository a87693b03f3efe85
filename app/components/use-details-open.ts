// A <details> menu's open state. A menu opened before the page hydrated (decision 0234) fired its toggle event before
// React listened: its state is read on hydration (decision 0236).
import { useEffect, useRef, useState, type SyntheticEvent } from "react";

export function useDetailsOpen() {
  const ref = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (ref.current?.open) setOpen(true);
  }, []);
  const onToggle = (event: SyntheticEvent<HTMLDetailsElement>) => setOpen(event.currentTarget.open);
  return { ref, open, setOpen, onToggle };
}
