// /app/settings/account: nickname, e-mail, password and avatar (calls beyond the document, decision 0082).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { changeEmail, changeNickname, changePassword, removeAvatar } from "~/.server/api/account-settings";
import { getProfile } from "~/.server/api/accounts";
import { parentHeadersWithRetryAfter } from "~/.server/http-cache.server";
import { withRouteErrors } from "~/.server/route-errors.server";
import { requireUser } from "~/.server/session.server";
import { imageSource } from "~/domain/image";
import { errorTextClass } from "~/features/auth/auth-card";
import { TextField } from "~/features/auth/auth-form";
import { authPaths } from "~/features/auth/auth-paths";
import { LIMITS } from "~/features/auth/auth-schemas";
import { AVATAR_MAX_BYTES, uploadAvatarAction } from "~/features/settings/avatar-upload.server";
import { ConfirmForm, ConfirmPanel } from "~/features/settings/confirm-form";
import {
  backWithToast,
  checkSettingsFields,
  confirmationRequest,
  MAX_SETTINGS_FORM_BYTES,
  readSettingsForm,
  settingsFailure,
  withIntent,
} from "~/features/settings/settings-action.server";
import { SettingsForm, useSettingsAnswer } from "~/features/settings/settings-form";
import { settingsPageMeta } from "~/features/settings/settings-paths";
import { AccountIntentSchema, EmailFormSchema, NicknameFormSchema, PasswordFormSchema } from "~/features/settings/settings-schemas";
import { settingsStrings } from "~/features/settings/strings";
import { limitAuthRequest } from "~/features/auth/auth-action.server";
import { pageMeta } from "~/features/seo/page-meta";

const text = settingsStrings.account;

export async function loader({ request }: LoaderFunctionArgs) {
  requireUser(request);
  const profile = await withRouteErrors(request, () => getProfile(request));
  return {
    login: profile.login,
    nickname: profile.nickname,
    email: profile.email,
    avatarUrl: imageSource(profile.avatar, "preview"),
  };
}

export const meta: MetaFunction<typeof loader> = (args) => pageMeta(args, settingsPageMeta("account"));

export const headers = parentHeadersWithRetryAfter;

export async function action({ request, context }: ActionFunctionArgs) {
  requireUser(request);
  const form = await readSettingsForm(request, AccountIntentSchema, AVATAR_MAX_BYTES + MAX_SETTINGS_FORM_BYTES);
  if (!form.ok) return form.response;
  const { intent, formData } = form;
  if (intent === "avatar") return uploadAvatarAction(request, formData);
  if (intent === "removeAvatar") {
    const ask = confirmationRequest(intent, formData, {});
    if (ask) return ask;
  }
  if (intent === "email" || intent === "password") {
    // Both check the current password: the same limit as sign-in slows down guessing it.
    const limited = limitAuthRequest(context);
    if (limited) return withIntent(intent, limited);
  }
  const schema = intent === "nickname" ? NicknameFormSchema : intent === "email" ? EmailFormSchema : intent === "password" ? PasswordFormSchema : null;
  const checked = schema ? checkSettingsFields(intent, formData, schema) : { ok: true as const, data: {}, values: {} };
  if (!checked.ok) return checked.response;
  try {
    if (intent === "nickname") {
      await changeNickname(request, (checked.data as { nickname: string }).nickname);
      return await backWithToast("account", text.nicknameSaved);
    }
    if (intent === "email") {
      const input = checked.data as { email: string; current_password: string };
      await changeEmail(request, { email: input.email, currentPassword: input.current_password });
      return await backWithToast("account", text.emailSaved);
    }
    if (intent === "password") {
      const input = checked.data as { current_password: string; password: string; password_confirmation: string };
      await changePassword(request, { currentPassword: input.current_password, password: input.password, passwordConfirmation: input.password_confirmation });
      return await backWithToast("account", text.passwordSaved);
    }
    await removeAvatar(request);
    return await backWithToast("account", text.avatarRemoved);
  } catch (error) {
    return settingsFailure(error, request, intent, checked.values, text.unsupportedWhat);
  }
}

export default function AccountSettingsPage() {
  const profile = useLoaderData<typeof loader>();
  const removeAnswer = useSettingsAnswer("removeAvatar");
  return (
    <>
      <ConfirmPanel answer={removeAnswer} question={text.removeAvatarQuestion} label={text.removeAvatar} />
      <SettingsForm intent="nickname" title={text.profile} description={profile.login ? `${text.login}: ${profile.login}` : undefined}>
        {(errorFor, answer) => (
          <TextField name="nickname" label={text.nickname} autoComplete="nickname" maxLength={LIMITS.nickname.max} defaultValue={answer?.values.nickname ?? profile.nickname ?? ""} error={errorFor("nickname")} />
        )}
      </SettingsForm>
      <SettingsForm intent="email" title={text.email} description={profile.email ?? undefined}>
        {(errorFor, answer) => (
          <>
            <TextField name="email" type="email" inputMode="email" label={text.newEmail} autoComplete="email" maxLength={LIMITS.email.max} defaultValue={answer?.values.email} error={errorFor("email")} />
            <TextField id="field-email-current_password" name="current_password" type="password" label={text.currentPassword} hint={text.currentPasswordHint} autoComplete="current-password" required={false} error={errorFor("current_password")} />
          </>
        )}
      </SettingsForm>
      <SettingsForm intent="password" title={text.password} submitLabel={text.changePassword}>
        {(errorFor) => (
          <>
            <TextField name="current_password" type="password" label={text.currentPassword} hint={text.currentPasswordHint} autoComplete="current-password" required={false} error={errorFor("current_password")} />
            <TextField name="password" type="password" label={text.newPassword} hint={text.newPasswordHint} autoComplete="new-password" maxLength={LIMITS.password.max} error={errorFor("password")} />
            <TextField name="password_confirmation" type="password" label={text.passwordConfirmation} autoComplete="new-password" maxLength={LIMITS.password.max} error={errorFor("password_confirmation")} />
          </>
        )}
      </SettingsForm>
      <SettingsForm intent="avatar" title={text.avatar} description={text.avatarHint} encType="multipart/form-data" submitLabel={text.upload} pendingLabel={text.uploading}>
        {(errorFor) => (
          <div className="mb-4 flex items-center gap-4">
            {profile.avatarUrl ? <img src={profile.avatarUrl} alt="" width={64} height={64} className="h-16 w-16 shrink-0 rounded-full object-cover" /> : null}
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
