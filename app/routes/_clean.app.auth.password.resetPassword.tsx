// Password recovery, step two: the link from the e-mail carries the token; the user sets a new password.
import type { ActionFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { resetPassword } from "~/.server/api/accounts";
import { redirectWithToast } from "~/.server/toast.server";
import { limitAuthRequest, readAuthForm, upstreamFailure } from "~/features/auth/auth-action.server";
import { AuthCard, FormAlert } from "~/features/auth/auth-card";
import { AuthForm, TextField } from "~/features/auth/auth-form";
import { emailLinkHeaders, emailLinkLoader } from "~/features/auth/email-link.server";
import { authPaths } from "~/features/auth/auth-paths";
import { LIMITS } from "~/features/auth/auth-limits";
import { ResetPasswordFormSchema } from "~/features/auth/auth-schemas";
import { authStrings } from "~/features/auth/strings";
import { pageMeta } from "~/features/seo/page-meta";

const text = authStrings.reset;

export const meta: MetaFunction = (args) => pageMeta(args, { title: text.title, description: text.description, noindex: true });

export const headers = emailLinkHeaders;
export const loader = emailLinkLoader;

export async function action({ request, context }: ActionFunctionArgs) {
  const limited = limitAuthRequest(context);
  if (limited) return limited;
  const form = await readAuthForm(request, ResetPasswordFormSchema);
  if (!form.ok) return form.response;
  try {
    await resetPassword(request, { token: form.data.token, password: form.data.password, passwordConfirmation: form.data.password_confirmation });
  } catch (error) {
    // The embedded API answers 404 for a used or expired link; the live one may answer 422 on `token`.
    return upstreamFailure(error, form.values, { notFound: text.invalidToken });
  }
  return redirectWithToast(authPaths.login, { kind: "success", message: text.success });
}

function RequestNewLink() {
  return (
    <p>
      <Link to={authPaths.forgetPassword} className="underline underline-offset-2">
        {text.requestNew}
      </Link>
    </p>
  );
}

export default function ResetPasswordPage() {
  const { token } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (!token) {
    return (
      <AuthCard title={text.title}>
        <FormAlert message={text.missingToken} />
        <div className="text-sm">
          <RequestNewLink />
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={text.title} description={text.description}>
      <AuthForm form="resetPassword" actionData={actionData} submitLabel={text.submit} pendingLabel={text.pending} footer={<RequestNewLink />}>
        {(errorFor) => (
          <>
            <input type="hidden" name="token" value={token} />
            <TextField name="password" type="password" label={authStrings.fields.newPassword} hint={authStrings.fields.passwordHint} autoComplete="new-password" maxLength={LIMITS.password.max} error={errorFor("password")} />
            <TextField name="password_confirmation" type="password" label={authStrings.fields.passwordConfirmation} autoComplete="new-password" maxLength={LIMITS.password.max} error={errorFor("password_confirmation")} />
          </>
        )}
      </AuthForm>
    </AuthCard>
  );
}
