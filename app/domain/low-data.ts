// Low-data mode (decision 0288): what turns it on, shared by the server (first paint, page cache) and the browser.
// The request's `Save-Data: on`, the browser's `navigator.connection.saveData`, or the viewer's switch (a cookie).

export const LOW_DATA_COOKIE = "low_data";
export const SAVE_DATA_HEADER = "Save-Data";
/** The switch's cookie value when on; anything else is off. */
export const LOW_DATA_ON = "on";
/** The tallest rendition the player picks by itself in low-data mode. */
export const LOW_DATA_MAX_HEIGHT = 480;

/** Why low-data mode is on: the viewer's switch first (it is theirs to turn off), then the browser's signal. */
export type LowDataReason = "switch" | "browser";

/** `Save-Data: on` (the header's only defined token; case and surrounding spaces do not matter). */
export function asksToSaveData(headerValue: string | null | undefined): boolean {
  return headerValue?.trim().toLowerCase() === LOW_DATA_ON;
}

export function lowDataReason(switchValue: string | null | undefined, saveDataHeader: string | null | undefined): LowDataReason | null {
  if (switchValue === LOW_DATA_ON) return "switch";
  return asksToSaveData(saveDataHeader) ? "browser" : null;
}

type NetworkInformationNavigator = Navigator & { connection?: { saveData?: boolean } };

/** The browser's data-saver signal (Chromium's Network Information API; other browsers have none). */
export function browserSavesData(): boolean {
  return typeof navigator !== "undefined" && (navigator as NetworkInformationNavigator).connection?.saveData === true;
}
