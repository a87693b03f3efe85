// The registration page's server side: the reCAPTCHA site key for the page, and the form sent on with the
// bot check's token (or the honeypot-only marker when no key is configured).
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { getEnv } from "~/.server/env.server";
import { redirectWithToast } from "~/.server/toast.server";
import { formSpec } from "~/shared/forms/form-action.server";
import { accountLimiters } from "./account-limits.server";
import { authFormAction } from "./auth-action.server";
import { authPaths } from "./auth-paths";
import { RegistrationFormSchema } from "./auth-schemas";
import { BOT_CHECK_FIELD } from "./use-bot-check";
import { NO_BOT_CHECK_TOKEN } from "./honeypot";
import { signedOutOnly } from "./login.server";
import { authStrings } from "./strings";

const SENT_PARAM = "sent";

export function loader({ request }: LoaderFunctionArgs) {
  const redirectTo = signedOutOnly(request);
  // The root data does not carry the key; only this page needs it.
  return data({
    redirectTo,
    sent: new URL(request.url).searchParams.has(SENT_PARAM),
    botCheckSiteKey: getEnv().RECAPTCHA_SITE_KEY ?? null,
  });
}

export const action = authFormAction(
  formSpec({
    schema: RegistrationFormSchema,
    account: { limiter: accountLimiters.registration, of: ({ input }) => input.email, successCounts: true },
    call: ({ api, input, formData }) => {
      const botCheckToken = formData.get(BOT_CHECK_FIELD);
      return api.auth.register({
        login: input.login,
        email: input.email,
        nickname: input.nickname,
        password: input.password,
        passwordConfirmation: input.password_confirmation,
        recaptchaToken: typeof botCheckToken === "string" && botCheckToken !== "" ? botCheckToken.slice(0, 4096) : NO_BOT_CHECK_TOKEN,
      });
    },
    success: () =>
      redirectWithToast(`${authPaths.registration}?${SENT_PARAM}`, { kind: "success", message: authStrings.registration.sentToast }),
  }),
);
