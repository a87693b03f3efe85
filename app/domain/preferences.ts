// Theme, viewport and low-data preferences, shared by the server (first paint) and the browser (switch, resize).
import type { LowDataReason } from "./low-data";

export const THEMES = ["dark", "light"] as const;
export type Theme = (typeof THEMES)[number];

/** Data-layer breakpoints of docs/product.md#constants (xs 0, sm 600, md 960, lg 1280, xl 1920; fallback md). */
export const VIEWPORTS = ["xs", "sm", "md", "lg", "xl"] as const;
export type Viewport = (typeof VIEWPORTS)[number];

export type Preferences = { theme: Theme; viewport: Viewport; lowData: LowDataReason | null };

export const THEME_COOKIE = "theme";
export const VIEWPORT_COOKIE = "viewport";

const viewportMinWidths: ReadonlyArray<readonly [Viewport, number]> = [
  ["xl", 1920],
  ["lg", 1280],
  ["md", 960],
  ["sm", 600],
  ["xs", 0],
];

export function viewportForWidth(width: number): Viewport {
  return viewportMinWidths.find(([, minWidth]) => width >= minWidth)?.[0] ?? "md";
}

/** The UI layer treats everything below lg as mobile. */
export function isMobileViewport(viewport: Viewport): boolean {
  return viewport === "xs" || viewport === "sm" || viewport === "md";
}

/** Before the browser has reported its width, guess from the user agent; unknown agents get the spec's fallback. */
export function guessViewportFromUserAgent(userAgent: string | null): Viewport {
  if (!userAgent) return "md";
  if (/iPad|Tablet/i.test(userAgent)) return "md";
  if (/Mobi|Android|iPhone|iPod/i.test(userAgent)) return "xs";
  return "lg";
}
