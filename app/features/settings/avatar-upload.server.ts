// The avatar form's action: the file is checked here (present, at most 2 MB) and sent on as multipart;
// the upstream checks that it really is an image and answers 422 on the `avatar` field otherwise.
import { uploadAvatar } from "~/.server/api/account-settings";
import { backWithToast, settingsFailure, settingsReply } from "./settings-action.server";
import { settingsStrings } from "./strings";

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
const ALLOWED_TYPES: ReadonlySet<string> = new Set(["image/jpeg", "image/png", "image/webp"]);
const text = settingsStrings.account;

export async function uploadAvatarAction(request: Request, formData: FormData) {
  const file = formData.get("avatar");
  const fail = (message: string) => settingsReply("avatar", 400, { fieldErrors: { avatar: message } });
  if (!(file instanceof Blob) || file.size === 0) return fail(text.noFile);
  if (file.size > AVATAR_MAX_BYTES) return fail(text.fileTooLarge);
  // An empty type (unknown to the browser) is left to the upstream, which reads the bytes.
  if (file.type !== "" && !ALLOWED_TYPES.has(file.type)) return fail(text.wrongType);
  try {
    await uploadAvatar(request, file, file instanceof File && file.name ? file.name.slice(0, 100) : "avatar");
    return await backWithToast("account", text.avatarSaved);
  } catch (error) {
    return settingsFailure(error, request, "avatar", { avatar: "" }, text.unsupportedWhat);
  }
}
