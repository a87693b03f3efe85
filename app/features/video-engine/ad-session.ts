// Whether this browsing session already had its pre-roll slot (sessionStorage: one per tab session).
import { adSlotsFor, type AdFlags } from "~/domain/ad-slots";

const PRE_ROLL_KEY = "ads:pre-roll-played";

export function preRollPlayedThisSession(): boolean {
  try {
    return window.sessionStorage.getItem(PRE_ROLL_KEY) === "1";
  } catch {
    return false;
  }
}

export function markPreRollPlayed(): void {
  try {
    window.sessionStorage.setItem(PRE_ROLL_KEY, "1");
  } catch {
    // Storage disabled: the slot simply comes back on the next episode.
  }
}

/** Whether an episode that starts now gets a pre-roll: by the viewer's flags and this tab session. */
export function preRollDueNow(flags: AdFlags): boolean {
  return adSlotsFor(flags, preRollPlayedThisSession()).includes("pre-roll");
}
