// Sign-in by login or e-mail and password, or through a social network.
import type { MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { noStoreHeaders } from "~/.server/http-cache.server";
import { AuthCard } from "~/features/auth/auth-card";
import { AuthForm, TextField } from "~/features/auth/auth-form";
import { authPaths, withRedirectTo } from "~/features/auth/auth-paths";
import { LIMITS } from "~/features/auth/auth-limits";
import { SocialLoginLinks } from "~/features/auth/social-login-links";
import { authStrings } from "~/features/auth/strings";
import { pageMeta } from "~/shared/seo/page-meta";
import type { action, loader } from "~/features/auth/login.server";

export { action, loader } from "~/features/auth/login.server";

const text = authStrings.login;

export const meta: MetaFunction = (args) => pageMeta(args, { title: text.title, description: text.description, noindex: true });

export const headers = noStoreHeaders;

export default function LoginPage() {
  const { redirectTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <AuthCard title={text.title} description={text.description}>
      <AuthForm
        form="login"
        actionData={actionData}
        submitLabel={text.submit}
        pendingLabel={text.pending}
        footer={
          <>
            <p>
              <Link to={authPaths.forgetPassword} className="underline underline-offset-2">
                {text.forgot}
              </Link>
            </p>
            <p>
              {text.noAccount}{" "}
              <Link to={withRedirectTo(authPaths.registration, redirectTo)} className="font-semibold underline underline-offset-2">
                {text.register}
              </Link>
            </p>
          </>
        }
      >
        {(errorFor) => (
          <>
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <TextField
              name="login"
              label={authStrings.fields.loginOrEmail}
              autoComplete="username"
              maxLength={LIMITS.email.max}
              defaultValue={actionData?.values.login}
              error={errorFor("login")}
            />
            <TextField
              name="password"
              type="password"
              label={authStrings.fields.password}
              autoComplete="current-password"
              maxLength={LIMITS.signInPassword.max}
              error={errorFor("password")}
            />
          </>
        )}
      </AuthForm>
      <SocialLoginLinks redirectTo={redirectTo} />
    </AuthCard>
  );
}
