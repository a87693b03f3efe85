// Inline icons of the list controls (Material-style 24px paths): no icon font, nothing extra to download.
import type { CollectionType } from "~/domain/account";

const paths = {
  calendar: "M19 4h-1V2h-2v2H8V2H6v2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2Zm0 16H5V10h14v10ZM5 8V6h14v2H5Z",
  check: "M9 16.17 4.83 12l-1.42 1.41L9 19 21 7l-1.41-1.41L9 16.17Z",
  play: "M8 5v14l11-7L8 5Z",
  pause: "M6 19h4V5H6v14Zm8-14v14h4V5h-4Z",
  close: "M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12 19 6.41Z",
  heart: "M12 21.35 10.55 20.03C5.4 15.36 2 12.28 2 8.5 2 5.42 4.42 3 7.5 3c1.74 0 3.41.81 4.5 2.09C13.09 3.81 14.76 3 16.5 3 19.58 3 22 5.42 22 8.5c0 3.78-3.4 6.86-8.55 11.54L12 21.35Z",
} as const;

export type ListIconName = keyof typeof paths;

/** Spec §4: calendar, check, play, pause, close. */
export const collectionIcons: Record<CollectionType, ListIconName> = {
  PLANNED: "calendar",
  WATCHED: "check",
  WATCHING: "play",
  POSTPONED: "pause",
  ABANDONED: "close",
};

/** `outline` draws the shape's contour only (an empty heart). */
export function ListIcon({ name, outline = false, className = "h-5 w-5" }: { name: ListIconName; outline?: boolean; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={`shrink-0 ${outline ? "fill-none stroke-current stroke-2" : "fill-current"} ${className}`}>
      <path d={paths[name]} />
    </svg>
  );
}
