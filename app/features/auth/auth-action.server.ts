// Every auth form goes through the one form pipeline (docs/decisions/0166) the same way: counted against
// the sign-in limit (docs/decisions/0043), honeypot checked (docs/decisions/0042), and a refused body
// answered without a hint why.
import type { z } from "zod";
import { formAction, type FormSpec } from "~/shared/forms/form-action.server";
import { formStrings } from "~/shared/forms/strings";

export function authFormAction<Schema extends z.ZodTypeAny, Result>(form: FormSpec<Schema, Result>, options: { signedIn?: boolean } = {}) {
  return formAction({
    form: { ...form, rateLimited: true },
    honeypot: true,
    refused: formStrings.botSuspected,
    signedIn: options.signedIn,
  });
}
