// /app/settings/socials, server side: which social accounts sign in to this account; unlinking one.
import { socialProviderNames } from "~/features/auth/strings";
import { formSpec } from "~/shared/forms/form-action.server";
import { backWithToast, sectionLoader, settingsFormAction } from "./settings-action.server";
import { ProviderFormSchema } from "./settings-schemas";
import { settingsStrings } from "./strings";

const text = settingsStrings.socials;

export const loader = sectionLoader((api) => api.socialLinks.list());

export const action = settingsFormAction(
  {
    unlink: formSpec({
      schema: ProviderFormSchema,
      errorsOnForm: true,
      confirm: (input) => ({ provider: input.provider }),
      call: ({ api, input }) => api.socialLinks.unlink(input.provider),
      success: (_links, { input }) => backWithToast("socials", text.unlinkedToast(socialProviderNames[input.provider])),
    }),
  },
  { unsupportedWhat: text.unsupportedWhat },
);
