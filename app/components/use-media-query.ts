// Whether a media query matches now, following its changes; false on the server and before hydration.
import { useCallback, useSyncExternalStore } from "react";

/** Tailwind's `lg` breakpoint, where the player page puts a second column beside the video. */
export const WIDE_LAYOUT_QUERY = "(min-width: 64rem)";

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
