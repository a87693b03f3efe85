// What the form pages and their actions share without zod (kept out of the pages' bundles).

/** Which form of a page was posted, when a page has several (the settings sections). */
export const INTENT_FIELD = "intent";
/** Set by the confirmation dialog (or the no-JavaScript confirmation form) of a destructive action. */
export const CONFIRMED_FIELD = "confirmed";

/** A field people never see (hidden with display:none) that form-filling bots tend to fill; no browser autofills it. */
export const HONEYPOT_FIELD = "company_fax";

/** Field name → the first message for it (a form shows one message per field). */
export type FieldErrors = Record<string, string>;

/** What a form action answers when it does not redirect. */
export type FormActionData = {
  formError: string | null;
  fieldErrors: FieldErrors;
  /** The submitted values to fill the form again, passwords and tokens left out. */
  values: Record<string, string>;
  /** Which form the answer is about, on pages with several ("" when the intent was not one of them). */
  intent?: string;
  /** The fields to post again with the confirmation (no-JavaScript confirmation form), or null. */
  confirm?: Record<string, string> | null;
};
