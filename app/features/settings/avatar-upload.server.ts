// The avatar form: the file is checked here (present, at most 2 MB) and sent on as multipart; the upstream
// checks that it really is an image and answers 422 on the `avatar` field otherwise.
import { z } from "zod";
import { formSpec, MAX_FORM_BYTES } from "~/shared/forms/form-action.server";
import { backWithToast } from "./settings-action.server";
import { settingsStrings } from "./strings";

const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** The avatar and the form's few other fields. */
export const MAX_AVATAR_FORM_BYTES = AVATAR_MAX_BYTES + MAX_FORM_BYTES;
const ALLOWED_TYPES: ReadonlySet<string> = new Set(["image/jpeg", "image/png", "image/webp"]);
const text = settingsStrings.account;

function uploadedFile(formData: FormData): Blob | null {
  const file = formData.get("avatar");
  return file instanceof Blob ? file : null;
}

export const avatarForm = formSpec({
  // A file reads as "": the field is named so the upstream's 422 on it lands beside it.
  schema: z.object({ avatar: z.string() }),
  tooLargeBody: { avatar: text.fileTooLarge },
  checkFiles: (formData) => {
    const file = uploadedFile(formData);
    if (!file || file.size === 0) return { avatar: text.noFile };
    if (file.size > AVATAR_MAX_BYTES) return { avatar: text.fileTooLarge };
    // An empty type (unknown to the browser) is left to the upstream, which reads the bytes.
    if (file.type !== "" && !ALLOWED_TYPES.has(file.type)) return { avatar: text.wrongType };
    return null;
  },
  call: ({ api, formData }) => {
    const file = uploadedFile(formData) as Blob; // checkFiles made sure it is there
    return api.profile.uploadAvatar(file, file instanceof File && file.name ? file.name.slice(0, 100) : "avatar");
  },
  success: () => backWithToast("account", text.avatarSaved),
});
