// /app/settings/account, server side: the profile's fields, and the nickname, e-mail, password and avatar
// forms (calls beyond the document, docs/decisions/0082).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";

import { withRouteErrors } from "~/.server/route-errors.server";
import { imageSource } from "~/domain/image";
import { formSpec } from "~/shared/forms/form-action.server";
import { avatarForm, MAX_AVATAR_FORM_BYTES } from "./avatar-upload.server";
import { backWithToast, settingsFormAction } from "./settings-action.server";
import { EmailFormSchema, NicknameFormSchema, PasswordFormSchema } from "./settings-schemas";
import { settingsStrings } from "./strings";

export { parentHeadersWithRetryAfter as headers } from "~/.server/http-cache.server";

const text = settingsStrings.account;

export async function loader(args: LoaderFunctionArgs) {
  const { api } = args.context;
  api.requireUser(args.request);
  const profile = await withRouteErrors(args.request, () => api.profile.get());
  return {
    login: profile.login,
    nickname: profile.nickname,
    email: profile.email,
    avatarUrl: imageSource(profile.avatar, "preview"),
  };
}

export const action = settingsFormAction(
  {
    nickname: formSpec({
      schema: NicknameFormSchema,
      call: ({ api, input }) => api.profile.changeNickname(input.nickname),
      success: () => backWithToast("account", text.nicknameSaved),
    }),
    email: formSpec({
      schema: EmailFormSchema,
      // Checks the current password: the same limit as sign-in slows down guessing it.
      rateLimited: true,
      call: ({ api, input }) => api.profile.changeEmail({ email: input.email, currentPassword: input.current_password }),
      success: () => backWithToast("account", text.emailSaved),
    }),
    password: formSpec({
      schema: PasswordFormSchema,
      rateLimited: true,
      call: ({ api, input }) =>
        api.profile.changePassword({
          currentPassword: input.current_password,
          password: input.password,
          passwordConfirmation: input.password_confirmation,
        }),
      success: () => backWithToast("account", text.passwordSaved),
    }),
    avatar: avatarForm,
    removeAvatar: formSpec({
      schema: z.object({}),
      confirm: () => ({}),
      call: ({ api }) => api.profile.removeAvatar(),
      success: () => backWithToast("account", text.avatarRemoved),
    }),
  },
  { unsupportedWhat: text.unsupportedWhat, maxBytes: MAX_AVATAR_FORM_BYTES },
);
