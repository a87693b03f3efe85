// The sign-in page's server side: a signed-in visitor goes straight back; the form trades the credentials
// for the upstream token, which goes into the session cookie.
import { data, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { commitSessionToken, getSessionUser } from "~/.server/session.server";
import { redirectWithToast } from "~/.server/toast.server";
import { formSpec } from "~/shared/forms/form-action.server";
import { accountLimiters } from "./account-limits.server";
import { authFormAction } from "./auth-action.server";
import { LoginFormSchema } from "./auth-schemas";
import { afterSignInPath } from "./redirect-target.server";
import { authStrings } from "./strings";

const text = authStrings.login;

/** The login, registration and password recovery pages: a signed-in visitor is sent on to where they were going. */
export function signedOutOnly(request: Request): string {
  const redirectTo = afterSignInPath(new URL(request.url).searchParams.get("redirectTo"));
  if (getSessionUser(request)) throw redirect(redirectTo);
  return redirectTo;
}

export function loader({ request }: LoaderFunctionArgs) {
  return data({ redirectTo: signedOutOnly(request) });
}

export const action = authFormAction(
  formSpec({
    schema: LoginFormSchema,
    account: { limiter: accountLimiters.signIn, of: ({ input }) => input.login },
    call: ({ api, input }) => api.auth.login(input),
    success: (token, { formData }) =>
      redirectWithToast(
        afterSignInPath(formData.get("redirectTo")),
        { kind: "success", message: text.success },
        { headers: { "Set-Cookie": commitSessionToken(token) } },
      ),
  }),
);
