// Dark/light switch: a plain POST form without JavaScript (and before hydration), an optimistic fetcher with it.
import { useFetcher, useFetchers, useLocation } from "@remix-run/react";
import type { Theme } from "~/domain/preferences";
import { fetcherFormData } from "./fetcher-form";
import { ru } from "~/i18n/ru";

export const THEME_ACTION = "/preferences/theme";

/** The theme to paint now: a pending switch wins over the cookie's value. */
export function useOptimisticTheme(fromCookie: Theme): Theme {
  const pending = useFetchers().find((fetcher) => fetcher.formAction === THEME_ACTION && fetcher.formData);
  const requested = pending?.formData?.get("theme");
  return requested === "light" || requested === "dark" ? requested : fromCookie;
}

/** Sends a theme form through a fetcher of its own (`key`): the page changes theme in place, without a navigation. */
export function useThemeSubmit(key: string): (form: HTMLFormElement) => void {
  const fetcher = useFetcher({ key });
  return (form) => fetcher.submit(fetcherFormData(form), { method: "post", action: THEME_ACTION });
}

export function ThemeSwitch({ theme }: { theme: Theme }) {
  const submitTheme = useThemeSubmit("theme-switch");
  const location = useLocation();
  const next: Theme = theme === "dark" ? "light" : "dark";
  const label = next === "light" ? ru.theme.switchToLight : ru.theme.switchToDark;
  return (
    <form
      method="post"
      action={THEME_ACTION}
      onSubmit={(event) => {
        event.preventDefault();
        submitTheme(event.currentTarget);
      }}
    >
      <input type="hidden" name="theme" value={next} />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <button
        type="submit"
        aria-label={label}
        title={label}
        className="grid h-10 w-10 place-items-center rounded-full hover:bg-surface-raised"
      >
        {next === "light" ? (
          <svg viewBox="0 0 24 24" aria-hidden="true" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
            <circle cx="12" cy="12" r="4" />
            <path
              d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4"
              strokeLinecap="round"
            />
          </svg>
        ) : (
          <svg viewBox="0 0 24 24" aria-hidden="true" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8Z" strokeLinejoin="round" />
          </svg>
        )}
      </button>
    </form>
  );
}
