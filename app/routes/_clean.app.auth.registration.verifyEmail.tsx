// E-mail confirmation: the link from the mail opens this page, and a button sends the token. A GET never
// confirms anything, so mail scanners that open links cannot use the token up.
import type { MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AuthCard, FormAlert } from "~/features/auth/auth-card";
import { AuthForm } from "~/features/auth/auth-form";
import { authPaths } from "~/features/auth/auth-paths";
import { authStrings } from "~/features/auth/strings";
import { pageMeta } from "~/shared/seo/page-meta";
import type { action, loader } from "~/features/auth/verify-email.server";

export { action, headers, loader } from "~/features/auth/verify-email.server";

const text = authStrings.verify;

export const meta: MetaFunction = (args) => pageMeta(args, { title: text.title, description: text.description, noindex: true });

export default function VerifyEmailPage() {
  const { token } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (!token) {
    return (
      <AuthCard title={text.title}>
        <FormAlert message={text.missingToken} />
        <p className="text-sm">
          <Link to={authPaths.registration} className="underline underline-offset-2">
            {authStrings.registration.title}
          </Link>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={text.title}>
      <p className="mb-6">{text.intro}</p>
      <AuthForm form="verifyEmail" actionData={actionData} submitLabel={text.submit} pendingLabel={text.pending}>
        {() => <input type="hidden" name="token" value={token} />}
      </AuthForm>
    </AuthCard>
  );
}
