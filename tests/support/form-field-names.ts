// Field names thrown at the site's forms by the generated hostile-input checks (the adversarial suite and the
// request-level bad-input check): the ones its actions read, and a few they do not.
export const FORM_FIELD_NAMES = [
  "login",
  "password",
  "password_confirmation",
  "email",
  "nickname",
  "token",
  "code",
  "theme",
  "redirectTo",
  "releaseId",
  "release_id",
  "type",
  "intent",
  "collection",
  "company_fax",
  "recaptcha_token",
  "device",
  "provider",
  "state",
];
