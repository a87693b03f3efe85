// What the settings pages and their actions share without zod (kept out of the pages' bundles).
import type { AuthActionData } from "~/features/auth/auth-schemas";

/** Which form of a section was posted. */
export const INTENT_FIELD = "intent";
/** Set by the confirmation dialog (or the no-JavaScript confirmation form) of a destructive action. */
export const CONFIRMED_FIELD = "confirmed";

/** What a section's action answers when it does not redirect; `intent` says which form it is about. */
export type SettingsActionData = AuthActionData & {
  intent: string;
  /** The fields to post again with the confirmation (no-JavaScript confirmation form), or null. */
  confirm: Record<string, string> | null;
};
