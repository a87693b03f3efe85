import { authStrings } from "./strings";

const text = authStrings.registration;

/** Google's terms allow hiding the reCAPTCHA badge only when the page says it uses reCAPTCHA. */
export function BotCheckNotice() {
  return (
    <p className="text-xs text-muted">
      {text.recaptchaNotice}{" "}
      <a href="https://policies.google.com/privacy" className="underline" rel="noreferrer" target="_blank">
        {text.recaptchaPrivacy}
      </a>{" "}
      {text.recaptchaAnd}{" "}
      <a href="https://policies.google.com/terms" className="underline" rel="noreferrer" target="_blank">
        {text.recaptchaTerms}
      </a>{" "}
      {text.recaptchaOf}
    </p>
  );
}
