// The honeypot: a field people never see (hidden with display:none) that form-filling bots tend to fill.

/** A name no browser or password manager autofills. */
export const HONEYPOT_FIELD = "company_fax";

/** Registration's `recaptcha_token` when no reCAPTCHA site key is configured (the honeypot is the only check). */
export const NO_BOT_CHECK_TOKEN = "honeypot-only";
