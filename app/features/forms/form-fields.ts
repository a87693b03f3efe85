// What the form pages and their actions share without zod (kept out of the pages' bundles).
import type { AuthActionData } from "~/features/auth/auth-schemas";

/** Which form of a page was posted, when a page has several (the settings sections). */
export const INTENT_FIELD = "intent";
/** Set by the confirmation dialog (or the no-JavaScript confirmation form) of a destructive action. */
export const CONFIRMED_FIELD = "confirmed";

/** What a form action answers when it does not redirect. */
export type FormActionData = AuthActionData & {
  /** Which form the answer is about, on pages with several ("" when the intent was not one of them). */
  intent?: string;
  /** The fields to post again with the confirmation (no-JavaScript confirmation form), or null. */
  confirm?: Record<string, string> | null;
};
