// Inline icons of the list controls (Material-style 24px paths): no icon font, nothing extra to download.
// The collections' own icons are in collection-icons.ts, so pages with only the sign-in links do not carry them.

export const heartIcon =
  "M12 21.35 10.55 20.03C5.4 15.36 2 12.28 2 8.5 2 5.42 4.42 3 7.5 3c1.74 0 3.41.81 4.5 2.09C13.09 3.81 14.76 3 16.5 3 19.58 3 22 5.42 22 8.5c0 3.78-3.4 6.86-8.55 11.54L12 21.35Z";

/** A calendar: PLANNED, the default collection, shown also to visitors who are not signed in. */
export const plannedIcon =
  "M19 4h-1V2h-2v2H8V2H6v2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2Zm0 16H5V10h14v10ZM5 8V6h14v2H5Z";

/** `path` is one of the icons' SVG paths; `outline` draws the shape's contour only (an empty heart). */
export function ListIcon({ path, outline = false, className = "h-5 w-5" }: { path: string; outline?: boolean; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      className={`shrink-0 ${outline ? "fill-none stroke-current stroke-2" : "fill-current"} ${className}`}
    >
      <path d={path} />
    </svg>
  );
}
