// The rendered size of an element, kept up to date (the player's controls and menus are laid out from it).
import { useEffect, useState, type RefObject } from "react";

export type ElementSize = { width: number; height: number };

export function useElementSize(elementRef: RefObject<HTMLElement>): ElementSize | null {
  const [size, setSize] = useState<ElementSize | null>(null);
  useEffect(() => {
    const element = elementRef.current;
    if (!element) return;
    const measure = () => {
      const { width, height } = element.getBoundingClientRect();
      setSize((old) => (old && old.width === width && old.height === height ? old : { width, height }));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [elementRef]);
  return size;
}
