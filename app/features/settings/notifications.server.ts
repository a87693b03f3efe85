// /app/settings/notifications, server side: the e-mail notification switches (docs/decisions/0082).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getNotificationSettings, saveNotificationSettings } from "~/.server/api/notifications";
import { requireUser } from "~/.server/session.server";
import { formSpec } from "~/features/forms/form-action.server";
import { backWithToast, loadIfSupported, settingsFormAction } from "./settings-action.server";
import { NotificationsFormSchema } from "./settings-schemas";
import { settingsStrings } from "./strings";

const text = settingsStrings.notifications;

export function loader({ request }: LoaderFunctionArgs) {
  requireUser(request);
  return loadIfSupported(request, () => getNotificationSettings(request));
}

export const action = settingsFormAction(
  {
    notifications: formSpec({
      schema: NotificationsFormSchema,
      errorsOnForm: true,
      call: ({ request, input }) => saveNotificationSettings(request, input),
      success: () => backWithToast("notifications", text.saved),
    }),
  },
  { unsupportedWhat: text.unsupportedWhat },
);
