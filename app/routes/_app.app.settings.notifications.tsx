// /app/settings/notifications: e-mail notification switches, stored by the upstream (decision 0082).
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { NOTIFICATION_SETTINGS } from "~/domain/account-settings";
import { SettingsForm, UnsupportedNotice } from "~/features/settings/settings-form";
import { settingsPageMeta } from "~/features/settings/settings-paths";
import { settingsStrings } from "~/features/settings/strings";
import { pageMeta } from "~/shared/seo/page-meta";
import type { loader } from "~/features/settings/notifications.server";

export { action, loader } from "~/features/settings/notifications.server";

const text = settingsStrings.notifications;

export const meta: MetaFunction<typeof loader> = (args) => pageMeta(args, settingsPageMeta("notifications"));

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
