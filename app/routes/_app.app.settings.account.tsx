// /app/settings/account: nickname, e-mail, password and avatar (calls beyond the document, decision 0082).
import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { errorTextClass } from "~/features/auth/auth-card";
import { TextField } from "~/features/auth/auth-form";
import { authPaths } from "~/features/auth/auth-paths";
import { NewPasswordFields } from "~/features/auth/new-password-fields";
import { LIMITS } from "~/features/auth/auth-schemas";
import { ConfirmForm, ConfirmPanel } from "~/features/settings/confirm-form";
import { SettingsForm, useSettingsAnswer } from "~/features/settings/settings-form";
import { settingsPageMeta } from "~/features/settings/settings-paths";
import { settingsStrings } from "~/features/settings/strings";
import { pageMeta } from "~/shared/seo/page-meta";
import type { loader } from "~/features/settings/account.server";

export { action, headers, loader } from "~/features/settings/account.server";

const text = settingsStrings.account;

export const meta: MetaFunction<typeof loader> = (args) => pageMeta(args, settingsPageMeta("account"));

export default function AccountSettingsPage() {
  const profile = useLoaderData<typeof loader>();
  const removeAnswer = useSettingsAnswer("removeAvatar");
  return (
    <>
      <ConfirmPanel answer={removeAnswer} question={text.removeAvatarQuestion} label={text.removeAvatar} />
      <SettingsForm intent="nickname" title={text.profile} description={profile.login ? `${text.login}: ${profile.login}` : undefined}>
        {(errorFor, answer) => (
          <TextField
            name="nickname"
            label={text.nickname}
            autoComplete="nickname"
            maxLength={LIMITS.nickname.max}
            defaultValue={answer?.values.nickname ?? profile.nickname ?? ""}
            error={errorFor("nickname")}
          />
        )}
      </SettingsForm>
      <SettingsForm intent="email" title={text.email} description={profile.email ?? undefined}>
        {(errorFor, answer) => (
          <>
            <TextField
              name="email"
              type="email"
              inputMode="email"
              label={text.newEmail}
              autoComplete="email"
              maxLength={LIMITS.email.max}
              defaultValue={answer?.values.email}
              error={errorFor("email")}
            />
            <TextField
              id="field-email-current_password"
              name="current_password"
              type="password"
              label={text.currentPassword}
              hint={text.currentPasswordHint}
              autoComplete="current-password"
              required={false}
              error={errorFor("current_password")}
            />
          </>
        )}
      </SettingsForm>
      <SettingsForm intent="password" title={text.password} submitLabel={text.changePassword}>
        {(errorFor) => (
          <>
            <TextField
              name="current_password"
              type="password"
              label={text.currentPassword}
              hint={text.currentPasswordHint}
              autoComplete="current-password"
              required={false}
              error={errorFor("current_password")}
            />
            <NewPasswordFields
              labels={{ password: text.newPassword, passwordHint: text.newPasswordHint, confirmation: text.passwordConfirmation }}
              errorFor={errorFor}
            />
          </>
        )}
      </SettingsForm>
      <SettingsForm
        intent="avatar"
        title={text.avatar}
        description={text.avatarHint}
        encType="multipart/form-data"
        submitLabel={text.upload}
        pendingLabel={text.uploading}
      >
        {(errorFor) => (
          <div className="mb-4 flex items-center gap-4">
            {profile.avatarUrl ? (
              <img
                src={profile.avatarUrl}
                alt=""
                width={64}
                height={64}
                className="image-fallback h-16 w-16 shrink-0 rounded-full object-cover"
              />
            ) : null}
            <div className="min-w-0">
              <label htmlFor="field-avatar" className="mb-1 block text-sm font-medium">
                {text.avatarFile}
              </label>
              <input
                id="field-avatar"
                name="avatar"
                type="file"
                accept="image/jpeg,image/png,image/webp"
                aria-invalid={errorFor("avatar") ? true : undefined}
                aria-describedby={errorFor("avatar") ? "field-avatar-error" : undefined}
                className="max-w-full text-sm file:mr-3 file:rounded-md file:border file:border-line file:bg-page file:px-3 file:py-2 file:text-sm"
              />
              {errorFor("avatar") ? (
                <p id="field-avatar-error" className={`mt-1 ${errorTextClass}`}>
                  {errorFor("avatar")}
                </p>
              ) : null}
            </div>
          </div>
        )}
      </SettingsForm>
      <div className="flex flex-wrap gap-3">
        <ConfirmForm intent="removeAvatar" label={text.removeAvatar} question={text.removeAvatarQuestion} />
        <Link to={authPaths.linkDevice} className="inline-flex h-10 items-center text-sm underline underline-offset-2">
          {text.deviceLink}
        </Link>
      </div>
    </>
  );
}
