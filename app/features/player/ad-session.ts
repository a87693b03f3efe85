// Whether this browsing session already had its pre-roll slot (sessionStorage: one per tab session).
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
