// Remix's <ScrollRestoration>, except that its inline script reads the stored scroll positions only for a history entry
// that can have one (docs/decisions/0240). Remix's read sessionStorage on every document load; the first read of a
// page waits on the browser process, which took 8–20 ms at the end of the body, after the first paint.
import { UNSAFE_useScrollRestoration as useScrollRestoration } from "react-router-dom";
import { inlineJson } from "~/components/inline-json";

// Remix's key: positions stored before this component keep working.
const STORAGE_KEY = "positions";

/**
 * Gives a new history entry the key React Router stores its position under, or restores the position stored for
 * the entry being reloaded or gone back to. Nothing can be stored for an entry that had no key.
 *
 * A new entry also gets the index React Router's history would write as it hydrates (`idx: 0` for an entry without
 * one): one `replaceState` here, before the first paint, instead of a second one inside hydration, where it took
 * 7–14 ms of the task that builds the router (docs/decisions/0240).
 */
export const RESTORE_SCROLL_SCRIPT = `((storageKey) => {
  if (!window.history.state || !window.history.state.key) {
    window.history.replaceState({ key: Math.random().toString(32).slice(2), idx: 0 }, "");
    return;
  }
  try {
    const storedY = JSON.parse(sessionStorage.getItem(storageKey) || "{}")[window.history.state.key];
    if (typeof storedY === "number") window.scrollTo(0, storedY);
  } catch (error) {
    console.error(error);
    sessionStorage.removeItem(storageKey);
  }
})(${inlineJson(STORAGE_KEY)})`;

export function ScrollRestoration({ nonce }: { nonce: string }) {
  useScrollRestoration({ storageKey: STORAGE_KEY });
  // Hydrated with the server's text, which React keeps and does not run again; written on the server only.
  const script = import.meta.env.SSR ? RESTORE_SCROLL_SCRIPT : "";
  return <script nonce={nonce || undefined} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: script }} />;
}
