// Registration without reCAPTCHA: the honeypot (HONEYPOT_FIELD, checked by the form pipeline) is its only bot check.

/** Registration's `recaptcha_token` when no reCAPTCHA site key is configured (the honeypot is the only check). */
export const NO_BOT_CHECK_TOKEN = "honeypot-only";
