// Password recovery, step two: the link from the e-mail carries the token; the user sets a new password.
import type { MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard, FormAlert } from "~/features/auth/auth-card";
import { AuthForm } from "~/features/auth/auth-form";
import { authPaths } from "~/features/auth/auth-paths";
import { NewPasswordFields } from "~/features/auth/new-password-fields";
import { authStrings } from "~/features/auth/strings";
import { pageMeta } from "~/shared/seo/page-meta";
import type { action, loader } from "~/features/auth/reset-password.server";

export { action, headers, loader } from "~/features/auth/reset-password.server";

const text = authStrings.reset;

export const meta: MetaFunction = (args) => pageMeta(args, { title: text.title, description: text.description, noindex: true });

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
      <AuthForm
        form="resetPassword"
        actionData={actionData}
        submitLabel={text.submit}
        pendingLabel={text.pending}
        footer={<RequestNewLink />}
      >
        {(errorFor) => (
          <>
            <input type="hidden" name="token" value={token} />
            <NewPasswordFields
              labels={{
                password: authStrings.fields.newPassword,
                passwordHint: authStrings.fields.passwordHint,
                confirmation: authStrings.fields.passwordConfirmation,
              }}
              errorFor={errorFor}
            />
          </>
        )}
      </AuthForm>
    </AuthCard>
  );
}
