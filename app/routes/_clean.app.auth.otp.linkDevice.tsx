// Device linking: a signed-in user enters the 6-digit code a TV or set-top app shows; the device then signs in.
import type { MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { noStoreHeaders } from "~/.server/http-cache.server";
import { AuthCard } from "~/features/auth/auth-card";
import { AuthForm, TextField } from "~/features/auth/auth-form";
import { LIMITS } from "~/features/auth/auth-limits";
import { authStrings } from "~/features/auth/strings";
import { pageMeta } from "~/shared/seo/page-meta";
import type { action } from "~/features/auth/link-device.server";

export { action, loader } from "~/features/auth/link-device.server";

const text = authStrings.otp;

export const meta: MetaFunction = (args) => pageMeta(args, { title: text.title, description: text.description, noindex: true });

export const headers = noStoreHeaders;

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
