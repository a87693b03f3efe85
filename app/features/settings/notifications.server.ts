// /app/settings/notifications, server side: the e-mail notification switches (docs/decisions/0082).
import { formSpec } from "~/shared/forms/form-action.server";
import { backWithToast, sectionLoader, settingsFormAction } from "./settings-action.server";
import { NotificationsFormSchema } from "./settings-schemas";
import { settingsStrings } from "./strings";

const text = settingsStrings.notifications;

export const loader = sectionLoader((api) => api.notifications.get());

export const action = settingsFormAction(
  {
    notifications: formSpec({
      schema: NotificationsFormSchema,
      errorsOnForm: true,
      call: ({ api, input }) => api.notifications.save(input),
      success: () => backWithToast("notifications", text.saved),
    }),
  },
  { unsupportedWhat: text.unsupportedWhat },
);
