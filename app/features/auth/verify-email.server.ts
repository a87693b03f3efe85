// The e-mail confirmation page's server side: the button posts the link's token (a GET never confirms).
import { commitSessionToken } from "~/.server/session.server";
import { redirectWithToast } from "~/.server/toast.server";
import { formSpec } from "~/shared/forms/form-action.server";
import { authFormAction } from "./auth-action.server";
import { authPaths } from "./auth-paths";
import { VerifyEmailFormSchema } from "./auth-schemas";
import { authStrings } from "./strings";

export { emailLinkHeaders as headers, emailLinkLoader as loader } from "./email-link.server";

const text = authStrings.verify;

export const action = authFormAction(
  formSpec({
    schema: VerifyEmailFormSchema,
    call: ({ api, input }) => api.auth.verifyRegistration(input.token),
    failures: { notFound: text.invalidToken },
    success: (token) =>
      // Some servers sign the user in at once; the embedded API asks them to sign in.
      token
        ? redirectWithToast(
            "/",
            { kind: "success", message: text.verifiedSignedIn },
            { headers: { "Set-Cookie": commitSessionToken(token) } },
          )
        : redirectWithToast(authPaths.login, { kind: "success", message: text.verified }),
  }),
);
