// Password recovery, step two, server side: the token from the e-mail and the new password.
import { redirectWithToast } from "~/.server/toast.server";
import { formSpec } from "~/shared/forms/form-action.server";
import { authFormAction } from "./auth-action.server";
import { authPaths } from "./auth-paths";
import { ResetPasswordFormSchema } from "./auth-schemas";
import { authStrings } from "./strings";

import type { LoaderFunctionArgs } from "@remix-run/node";
import { emailLinkLoader } from "./email-link.server";
import { signedOutOnly } from "./login.server";

export { emailLinkHeaders as headers } from "./email-link.server";

/** Like the login page: a signed-in viewer changes the password in the settings, and is sent on (decision 0283). */
export function loader(args: LoaderFunctionArgs) {
  signedOutOnly(args.request);
  return emailLinkLoader(args);
}

const text = authStrings.reset;

export const action = authFormAction(
  formSpec({
    schema: ResetPasswordFormSchema,
    call: ({ api, input }) =>
      api.auth.resetPassword({ token: input.token, password: input.password, passwordConfirmation: input.password_confirmation }),
    // The embedded API answers 404 for a used or expired link; the live one may answer 422 on `token`.
    failures: { notFound: text.invalidToken },
    success: () => redirectWithToast(authPaths.login, { kind: "success", message: text.success }),
  }),
);
