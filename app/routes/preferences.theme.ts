// The theme switch's POST: saves the theme cookie (decision 0236).
import type { ActionFunctionArgs } from "@remix-run/node";
import { postOnlyAddress } from "~/.server/not-found.server";
import { z } from "zod";
import { ThemeSchema, themeCookieHeader } from "~/.server/preferences.server";
import { savePreferenceForm } from "~/features/settings/preference-form.server";
import { ru } from "~/i18n/ru";

const ThemeFormSchema = z.object({ theme: ThemeSchema });

export function action({ request }: ActionFunctionArgs) {
  return savePreferenceForm(request, ThemeFormSchema, ru.theme.unknownTheme, ({ theme }) => ({
    cookie: themeCookieHeader(theme),
    answer: { theme },
  }));
}

export const loader = postOnlyAddress;
