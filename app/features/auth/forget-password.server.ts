// Password recovery, step one, server side: the answer is the same whether or not the address is known.
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { redirectWithToast } from "~/.server/toast.server";
import { formSpec } from "~/shared/forms/form-action.server";
import { accountLimiters } from "./account-limits.server";
import { authFormAction } from "./auth-action.server";
import { authPaths } from "./auth-paths";
import { ForgetPasswordFormSchema } from "./auth-schemas";
import { signedOutOnly } from "./login.server";
import { authStrings } from "./strings";

const SENT_PARAM = "sent";

/** Like the login page: a signed-in viewer is sent on (decision 0283). */
export function loader({ request }: LoaderFunctionArgs) {
  signedOutOnly(request);
  return data({ sent: new URL(request.url).searchParams.has(SENT_PARAM) });
}

export const action = authFormAction(
  formSpec({
    schema: ForgetPasswordFormSchema,
    account: { limiter: accountLimiters.passwordRecovery, of: ({ input }) => input.email, successCounts: true },
    call: ({ api, input }) => api.auth.forgetPassword(input.email),
    success: () =>
      redirectWithToast(`${authPaths.forgetPassword}?${SENT_PARAM}`, { kind: "success", message: authStrings.forget.sentToast }),
  }),
);
