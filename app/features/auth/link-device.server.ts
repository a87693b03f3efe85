// Device linking, server side: a signed-in user sends the 6-digit code a TV or set-top app shows.
import { data, type LoaderFunctionArgs } from "@remix-run/node";

import { redirectWithToast } from "~/.server/toast.server";
import { formSpec } from "~/shared/forms/form-action.server";
import { accountLimiters } from "./account-limits.server";
import { authFormAction } from "./auth-action.server";
import { authPaths } from "./auth-paths";
import { LinkDeviceFormSchema } from "./auth-schemas";
import { authStrings } from "./strings";

const text = authStrings.otp;

export function loader(args: LoaderFunctionArgs) {
  args.context.api.requireUser(args.request);
  return data({});
}

export const action = authFormAction(
  formSpec({
    schema: LinkDeviceFormSchema,
    account: { limiter: accountLimiters.deviceLinking, of: async ({ api }) => String((await api.profile.get()).id) },
    call: ({ api, input }) => api.auth.acceptOtp(Number(input.code)),
    failures: { notFound: text.notFound, notFoundField: "code" },
    success: () => redirectWithToast(authPaths.linkDevice, { kind: "success", message: text.success }),
  }),
  // The session may die meanwhile: then it is dropped and the user comes back here after signing in again.
  { signedIn: true },
);
