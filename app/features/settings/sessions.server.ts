// /app/settings/sessions, server side: where the account is signed in; end one session or every other one.
import { z } from "zod";
import { formSpec } from "~/shared/forms/form-action.server";
import { backWithToast, sectionLoader, settingsFormAction } from "./settings-action.server";
import { SessionFormSchema } from "./settings-schemas";
import { settingsStrings } from "./strings";

const text = settingsStrings.sessions;

export const loader = sectionLoader((api) => api.sessions.list());

export const action = settingsFormAction(
  {
    revokeOthers: formSpec({
      schema: z.object({}),
      confirm: () => ({}),
      call: ({ api }) => api.sessions.endOthers(),
      success: () => backWithToast("sessions", text.othersRevoked),
    }),
    revoke: formSpec({
      schema: SessionFormSchema,
      errorsOnForm: true,
      confirm: (input) => ({ sessionId: input.sessionId }),
      call: ({ api, input }) => api.sessions.end(input.sessionId),
      // The list was there a moment ago: a 404 now means this session ended meanwhile.
      failures: { answer: (failure) => (failure.kind === "not-found" ? backWithToast("sessions", text.alreadyEnded, "error") : null) },
      success: () => backWithToast("sessions", text.revoked),
    }),
  },
  { unsupportedWhat: text.unsupportedWhat },
);
