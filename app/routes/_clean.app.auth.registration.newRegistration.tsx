// Registration: login, e-mail, nickname and password, guarded by the honeypot and (when configured) the
// invisible reCAPTCHA; success leads to the "check your mail" screen.
import type { MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { noStoreHeaders } from "~/.server/http-cache.server";
import { AuthCard } from "~/features/auth/auth-card";
import { AuthForm, TextField } from "~/features/auth/auth-form";
import { NewPasswordFields } from "~/features/auth/new-password-fields";
import { authPaths, withRedirectTo } from "~/features/auth/auth-paths";
import { LIMITS } from "~/features/auth/auth-limits";
import { BotCheckNotice } from "~/features/auth/bot-check-notice";
import { authStrings } from "~/features/auth/strings";
import { BOT_CHECK_FIELD, useBotCheck } from "~/features/auth/use-bot-check";
import { pageMeta } from "~/shared/seo/page-meta";
import type { action, loader } from "~/features/auth/registration.server";

export { action, loader } from "~/features/auth/registration.server";

const text = authStrings.registration;
const fields = authStrings.fields;

export const meta: MetaFunction = (args) => pageMeta(args, { title: text.title, description: text.description, noindex: true });

export const headers = noStoreHeaders;

function MailSent() {
  return (
    <AuthCard title={text.sentTitle}>
      <p>{text.sentText}</p>
      <p className="mt-6 text-sm">
        <Link to={authPaths.login} className="font-semibold underline underline-offset-2">
          {text.signIn}
        </Link>
      </p>
    </AuthCard>
  );
}

export default function RegistrationPage() {
  const { redirectTo, sent, botCheckSiteKey } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const botCheck = useBotCheck(botCheckSiteKey);
  if (sent) return <MailSent />;
  const values = actionData?.values;
  return (
    <AuthCard title={text.title} description={text.description}>
      <AuthForm
        form="registration"
        actionData={actionData}
        submitLabel={text.submit}
        pendingLabel={text.pending}
        onValidSubmit={botCheck.onValidSubmit}
        footer={
          <>
            {botCheckSiteKey ? <BotCheckNotice /> : null}
            <p>
              {text.haveAccount}{" "}
              <Link to={withRedirectTo(authPaths.login, redirectTo)} className="font-semibold underline underline-offset-2">
                {text.signIn}
              </Link>
            </p>
          </>
        }
      >
        {(errorFor) => (
          <>
            <input type="hidden" name={BOT_CHECK_FIELD} defaultValue="" />
            <TextField
              name="login"
              label={fields.login}
              hint={fields.loginHint}
              autoComplete="username"
              maxLength={LIMITS.login.max}
              defaultValue={values?.login}
              error={errorFor("login")}
            />
            <TextField
              name="email"
              type="email"
              inputMode="email"
              label={fields.email}
              autoComplete="email"
              maxLength={LIMITS.email.max}
              defaultValue={values?.email}
              error={errorFor("email")}
            />
            <TextField
              name="nickname"
              label={fields.nickname}
              hint={fields.nicknameHint}
              autoComplete="nickname"
              maxLength={LIMITS.nickname.max}
              defaultValue={values?.nickname}
              error={errorFor("nickname")}
            />
            <NewPasswordFields
              labels={{ password: fields.password, passwordHint: fields.passwordHint, confirmation: fields.passwordConfirmation }}
              errorFor={errorFor}
            />
            <div ref={botCheck.containerRef} className="invisible absolute h-0 w-0 overflow-hidden" />
          </>
        )}
      </AuthForm>
    </AuthCard>
  );
}
