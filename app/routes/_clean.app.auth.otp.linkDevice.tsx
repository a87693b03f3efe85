// Device linking: a signed-in user enters the 6-digit code a TV or set-top app shows; the device then signs in.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { acceptOtp } from "~/.server/api/accounts";
import { UpstreamForbiddenError, UpstreamUnauthorizedError } from "~/.server/api/errors";
import { noStoreHeaders } from "~/.server/http-cache.server";
import { throwRouteError } from "~/.server/route-errors.server";
import { requireUser } from "~/.server/session.server";
import { redirectWithToast } from "~/.server/toast.server";
import { limitAuthRequest, readAuthForm, upstreamFailure } from "~/features/auth/auth-action.server";
import { AuthCard } from "~/features/auth/auth-card";
import { AuthForm, TextField } from "~/features/auth/auth-form";
import { authPaths } from "~/features/auth/auth-paths";
import { LinkDeviceFormSchema } from "~/features/auth/auth-schemas";
import { LIMITS } from "~/features/auth/auth-limits";
import { authStrings } from "~/features/auth/strings";
import { pageMeta } from "~/features/seo/page-meta";

const text = authStrings.otp;

export const meta: MetaFunction = (args) => pageMeta(args, { title: text.title, description: text.description, noindex: true });

export const headers = noStoreHeaders;

export function loader({ request }: LoaderFunctionArgs) {
  requireUser(request);
  return data({});
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireUser(request);
  const limited = limitAuthRequest(context);
  if (limited) return limited;
  const form = await readAuthForm(request, LinkDeviceFormSchema);
  if (!form.ok) return form.response;
  try {
    await acceptOtp(request, Number(form.data.code));
  } catch (error) {
    // The session died meanwhile: drop it and come back here after signing in again.
    if (error instanceof UpstreamUnauthorizedError || error instanceof UpstreamForbiddenError) throwRouteError(error, request);
    return upstreamFailure(error, form.values, { notFound: text.notFound, notFoundField: "code" });
  }
  return redirectWithToast(authPaths.linkDevice, { kind: "success", message: text.success });
}

export default function LinkDevicePage() {
  const actionData = useActionData<typeof action>();
  return (
    <AuthCard title={text.title} description={text.description}>
      <AuthForm form="linkDevice" actionData={actionData} submitLabel={text.submit} pendingLabel={text.pending} honeypot={false}>
        {(errorFor) => (
          <TextField
            name="code"
            label={authStrings.fields.otpCode}
            hint={authStrings.fields.otpCodeHint}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={LIMITS.otpCode.length + 2}
            defaultValue={actionData?.values.code}
            error={errorFor("code")}

          />
        )}
      </AuthForm>
    </AuthCard>
  );
}
