// The low-data switch's POST: saves its cookie (decision 0288).
import type { ActionFunctionArgs } from "@remix-run/node";
import { postOnlyAddress } from "~/.server/not-found.server";
import { z } from "zod";
import { lowDataCookieHeader } from "~/.server/preferences.server";
import { LOW_DATA_ON } from "~/domain/low-data";
import { savePreferenceForm } from "~/features/settings/preference-form.server";
import { settingsStrings } from "~/features/settings/strings";

/** A checkbox: present ("on") when ticked, absent when not. */
const LowDataFormSchema = z.object({ lowData: z.literal(LOW_DATA_ON).optional() });

export function action({ request }: ActionFunctionArgs) {
  return savePreferenceForm(request, LowDataFormSchema, settingsStrings.site.lowDataUnknown, ({ lowData }) => ({
    cookie: lowDataCookieHeader(lowData === LOW_DATA_ON),
    answer: { lowData: lowData === LOW_DATA_ON },
  }));
}

export const loader = postOnlyAddress;
