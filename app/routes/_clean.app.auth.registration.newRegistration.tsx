// Registration: login, e-mail, nickname and password, guarded by the honeypot and (when configured) the
// invisible reCAPTCHA; success leads to the "check your mail" screen.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { register } from "~/.server/api/accounts";
import { getEnv } from "~/.server/env.server";
import { noStoreHeaders } from "~/.server/http-cache.server";
import { optionalUser } from "~/.server/session.server";
import { redirectWithToast } from "~/.server/toast.server";
import { limitAuthRequest, readAuthForm, upstreamFailure } from "~/features/auth/auth-action.server";
import { AuthCard } from "~/features/auth/auth-card";
import { AuthForm, TextField } from "~/features/auth/auth-form";
import { authPaths, withRedirectTo } from "~/features/auth/auth-paths";
import { LIMITS } from "~/features/auth/auth-limits";
import { RegistrationFormSchema } from "~/features/auth/auth-schemas";
import { BotCheckNotice } from "~/features/auth/bot-check-notice";
import { NO_BOT_CHECK_TOKEN } from "~/features/auth/honeypot";
import { afterSignInPath } from "~/features/auth/redirect-target.server";
import { authStrings } from "~/features/auth/strings";
import { BOT_CHECK_FIELD, useBotCheck } from "~/features/auth/use-bot-check";
import { pageMeta } from "~/features/seo/page-meta";

const text = authStrings.registration;
const fields = authStrings.fields;
const SENT_PARAM = "sent";

export const meta: MetaFunction = (args) => pageMeta(args, { title: text.title, description: text.description, noindex: true });

export const headers = noStoreHeaders;

export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const redirectTo = afterSignInPath(url.searchParams.get("redirectTo"));
  if (optionalUser(request)) throw redirect(redirectTo);
  // The root data does not carry the key; only this page needs it.
  return data({ redirectTo, sent: url.searchParams.has(SENT_PARAM), botCheckSiteKey: getEnv().RECAPTCHA_SITE_KEY ?? null });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const limited = limitAuthRequest(context);
  if (limited) return limited;
  const form = await readAuthForm(request, RegistrationFormSchema);
  if (!form.ok) return form.response;
  const botCheckToken = form.formData.get(BOT_CHECK_FIELD);
  try {
    await register(request, {
      login: form.data.login,
      email: form.data.email,
      nickname: form.data.nickname,
      password: form.data.password,
      passwordConfirmation: form.data.password_confirmation,
      recaptchaToken: typeof botCheckToken === "string" && botCheckToken !== "" ? botCheckToken.slice(0, 4096) : NO_BOT_CHECK_TOKEN,
    });
  } catch (error) {
    return upstreamFailure(error, form.values);
  }
  return redirectWithToast(`${authPaths.registration}?${SENT_PARAM}`, { kind: "success", message: text.sentToast });
}

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
            <TextField name="login" label={fields.login} hint={fields.loginHint} autoComplete="username" maxLength={LIMITS.login.max} defaultValue={values?.login} error={errorFor("login")} />
            <TextField name="email" type="email" inputMode="email" label={fields.email} autoComplete="email" maxLength={LIMITS.email.max} defaultValue={values?.email} error={errorFor("email")} />
            <TextField name="nickname" label={fields.nickname} hint={fields.nicknameHint} autoComplete="nickname" maxLength={LIMITS.nickname.max} defaultValue={values?.nickname} error={errorFor("nickname")} />
            <TextField name="password" type="password" label={fields.password} hint={fields.passwordHint} autoComplete="new-password" maxLength={LIMITS.password.max} error={errorFor("password")} />
            <TextField name="password_confirmation" type="password" label={fields.passwordConfirmation} autoComplete="new-password" maxLength={LIMITS.password.max} error={errorFor("password_confirmation")} />
            <div ref={botCheck.containerRef} className="invisible absolute h-0 w-0 overflow-hidden" />
          </>
        )}
      </AuthForm>
    </AuthCard>
  );
}
