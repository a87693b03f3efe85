// Whether the viewer asked the browser to save data (Chromium's data saver, a metered connection's setting): what the
// player fetches beyond the episode itself waits for a viewer who did not.

export function savesData(): boolean {
  if (typeof navigator === "undefined") return false;
  return (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
}
