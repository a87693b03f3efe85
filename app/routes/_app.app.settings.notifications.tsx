// /app/settings/notifications: e-mail notification switches, stored by the upstream (decision 0082).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getNotificationSettings, saveNotificationSettings } from "~/.server/api/account-settings";
import { requireUser } from "~/.server/session.server";
import { NOTIFICATION_SETTINGS } from "~/domain/account-settings";
import { backWithToast, checkSettingsFields, loadIfSupported, readSettingsForm, settingsFailure } from "~/features/settings/settings-action.server";
import { SettingsForm, UnsupportedNotice } from "~/features/settings/settings-form";
import { settingsPageMeta } from "~/features/settings/settings-paths";
import { NotificationsFormSchema, NotificationsIntentSchema } from "~/features/settings/settings-schemas";
import { settingsStrings } from "~/features/settings/strings";
import { pageMeta } from "~/features/seo/page-meta";

const text = settingsStrings.notifications;

export async function loader({ request }: LoaderFunctionArgs) {
  requireUser(request);
  return loadIfSupported(request, () => getNotificationSettings(request));
}

export const meta: MetaFunction<typeof loader> = (args) => pageMeta(args, settingsPageMeta("notifications"));

export async function action({ request }: ActionFunctionArgs) {
  requireUser(request);
  const form = await readSettingsForm(request, NotificationsIntentSchema);
  if (!form.ok) return form.response;
  const checked = checkSettingsFields(form.intent, form.formData, NotificationsFormSchema);
  if (!checked.ok) return checked.response;
  try {
    await saveNotificationSettings(request, checked.data);
  } catch (error) {
    return settingsFailure(error, request, form.intent, {}, text.unsupportedWhat);
  }
  return backWithToast("notifications", text.saved);
}

export default function NotificationsSettingsPage() {
  const loaded = useLoaderData<typeof loader>();
  if (!loaded.supported) return <UnsupportedNotice what={text.unsupportedWhat} />;
  const settings = loaded.value;
  return (
    <SettingsForm intent="notifications" title={text.heading} description={text.hint}>
      {() => (
        <fieldset className="mb-4 space-y-3">
          <legend className="sr-only">{text.heading}</legend>
          {NOTIFICATION_SETTINGS.map((key) => (
            <label key={key} className="flex cursor-pointer items-center gap-3 text-sm">
              <input type="checkbox" role="switch" name={key} defaultChecked={settings[key]} className="h-5 w-5" />
              {text.labels[key]}
            </label>
          ))}
        </fieldset>
      )}
    </SettingsForm>
  );
}
