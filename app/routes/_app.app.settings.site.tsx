// /app/settings/site: the theme and low-data mode (preference cookies, plain forms) and the player's defaults (this
// browser; auto-next and «Вы ещё смотрите?» also a plain form in a cookie).
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { THEME_ACTION, useOptimisticTheme, useThemeSubmit } from "~/components/theme-switch";
import { THEMES } from "~/domain/preferences";
import { useRootData } from "~/shared/root-data";
import { LowDataSwitch } from "~/features/settings/low-data-switch";
import { PlayerDefaults } from "~/features/settings/player-defaults";
import { buttonClass, panelClass } from "~/features/settings/settings-form";
import type { loader } from "~/features/settings/player-care.server";
import { settingsPageMeta } from "~/features/settings/settings-paths";
import { settingsStrings } from "~/features/settings/strings";
import { pageMeta } from "~/shared/seo/page-meta";

const text = settingsStrings.site;

export { action, loader } from "~/features/settings/player-care.server";

export const meta: MetaFunction<typeof loader> = (args) => pageMeta(args, settingsPageMeta("site"));

function ThemeForm() {
  const location = useLocation();
  const theme = useOptimisticTheme(useRootData()?.preferences.theme ?? "dark");
  const save = useThemeSubmit("settings-theme");
  return (
    <section aria-labelledby="theme-heading" className={panelClass}>
      <h2 id="theme-heading" className="text-lg font-semibold">
        {text.theme}
      </h2>
      <form
        method="post"
        action={THEME_ACTION}
        className="mt-4"
        onSubmit={(event) => {
          event.preventDefault();
          save(event.currentTarget);
        }}
      >
        <input type="hidden" name="redirectTo" value={location.pathname} />
        <fieldset className="flex flex-wrap gap-4">
          <legend className="sr-only">{text.theme}</legend>
          {THEMES.map((value) => (
            <label key={value} className="flex cursor-pointer items-center gap-2 text-sm">
              <input
                type="radio"
                name="theme"
                value={value}
                defaultChecked={theme === value}
                // With JavaScript a choice applies at once; without it, the button posts the form.
                onChange={(event) => event.currentTarget.form && save(event.currentTarget.form)}
              />
              {value === "dark" ? text.themeDark : text.themeLight}
            </label>
          ))}
        </fieldset>
        <button type="submit" className={`${buttonClass} mt-4`}>
          {settingsStrings.save}
        </button>
      </form>
    </section>
  );
}

function LowDataSection() {
  return (
    <section aria-labelledby="low-data-heading" className={panelClass}>
      <h2 id="low-data-heading" className="mb-3 text-lg font-semibold">
        {text.lowData}
      </h2>
      <LowDataSwitch submitLabel={settingsStrings.save} buttonClassName={buttonClass} />
    </section>
  );
}

export default function SiteSettingsPage() {
  return (
    <>
      <ThemeForm />
      <LowDataSection />
      <PlayerDefaults care={useLoaderData<typeof loader>().playerCare} />
    </>
  );
}
