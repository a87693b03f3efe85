// /app/settings/site, server side of the player's auto-next and «Вы ещё смотрите?» without JavaScript: the form's
// answer is kept in a cookie the player reads too (decision 0285).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/.server/session.server";
import { redirectWithToast } from "~/.server/toast.server";
import { formSpec } from "~/shared/forms/form-action.server";
import { PLAYER_CARE_FIELDS, playerCareCookie, readPlayerCareCookie, type PlayerCare } from "~/features/video-engine/player-care";
import { DEFAULT_SETTINGS } from "~/features/video-engine/settings";
import { settingsFormAction } from "./settings-action.server";
import { settingsPath } from "./settings-paths";
import { PlayerCareCookieSchema, PlayerCareFormSchema } from "./settings-schemas";
import { settingsStrings } from "./strings";

const text = settingsStrings.site;

function defaultCare(): PlayerCare {
  const care = Object.fromEntries(PLAYER_CARE_FIELDS.map((field) => [field, DEFAULT_SETTINGS[field]]));
  return { ...(care as Omit<PlayerCare, "savedAt">), savedAt: 0 };
}

export function loader({ request }: LoaderFunctionArgs) {
  requireUser(request);
  const parsed = PlayerCareCookieSchema.safeParse(readPlayerCareCookie(request.headers.get("Cookie")));
  return { playerCare: parsed.success ? parsed.data : defaultCare() };
}

export const action = settingsFormAction(
  {
    "player-care": formSpec({
      schema: PlayerCareFormSchema,
      errorsOnForm: true,
      call: async () => null,
      success: (_nothing, { input }) =>
        redirectWithToast(
          settingsPath("site"),
          { kind: "success", message: text.playerCareSaved },
          { status: 303, headers: { "Set-Cookie": playerCareCookie({ ...input, savedAt: Date.now() }) } },
        ),
    }),
  },
  { unsupportedWhat: text.player },
);
