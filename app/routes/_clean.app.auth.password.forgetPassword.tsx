// Password recovery, step one: the e-mail to send the reset link to. The answer is the same whether or
// not the address is known, so the page cannot be used to probe for accounts.
import type { MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { noStoreHeaders } from "~/.server/http-cache.server";
import { AuthCard } from "~/features/auth/auth-card";
import { AuthForm, TextField } from "~/features/auth/auth-form";
import { authPaths } from "~/features/auth/auth-paths";
import { LIMITS } from "~/features/auth/auth-limits";
import { authStrings } from "~/features/auth/strings";
import { pageMeta } from "~/shared/seo/page-meta";
import type { action, loader } from "~/features/auth/forget-password.server";

export { action, loader } from "~/features/auth/forget-password.server";

const text = authStrings.forget;

export const meta: MetaFunction = (args) => pageMeta(args, { title: text.title, description: text.description, noindex: true });

export const headers = noStoreHeaders;

function BackToLogin() {
  return (
    <p>
      <Link to={authPaths.login} className="underline underline-offset-2">
        {text.backToLogin}
      </Link>
    </p>
  );
}

export default function ForgetPasswordPage() {
  const { sent } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (sent) {
    return (
      <AuthCard title={text.sentTitle}>
        <p>{text.sentText}</p>
        <div className="mt-6 text-sm">
          <BackToLogin />
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={text.title} description={text.description}>
      <AuthForm
        form="forgetPassword"
        actionData={actionData}
        submitLabel={text.submit}
        pendingLabel={text.pending}
        footer={<BackToLogin />}
      >
        {(errorFor) => (
          <TextField
            name="email"
            type="email"
            inputMode="email"
            label={authStrings.fields.email}
            autoComplete="email"
            maxLength={LIMITS.email.max}
            defaultValue={actionData?.values.email}
            error={errorFor("email")}
          />
        )}
      </AuthForm>
    </AuthCard>
  );
}
