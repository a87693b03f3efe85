// The common steps of the settings sections' actions: read the form, pick its intent, check the fields,
// ask for a confirmation of destructive actions, and turn upstream failures into messages on that form.
import { data } from "@remix-run/node";
import type { z } from "zod";
import { isUnsupportedCall } from "~/.server/api/account-settings";
import { UpstreamForbiddenError, UpstreamUnauthorizedError } from "~/.server/api/errors";
import { throwRouteError, withRouteErrors } from "~/.server/route-errors.server";
import { redirectWithToast } from "~/.server/toast.server";
import { authFailure, upstreamFailure } from "~/features/auth/auth-action.server";
import { checkForm, fieldNamesOf, formFieldValues, type AuthActionData } from "~/features/auth/auth-schemas";
import { CONFIRMED_FIELD, INTENT_FIELD, type SettingsActionData } from "./settings-fields";
import { settingsPath, type SettingsSection } from "./settings-paths";
import { settingsStrings } from "./strings";

type Reply = ReturnType<typeof authFailure>;

/** Puts the form's intent on an auth-style answer, so the page shows it beside the right form. */
export function withIntent(intent: string, reply: Reply, confirm: Record<string, string> | null = null) {
  const body: SettingsActionData = { ...reply.data, intent, confirm };
  return data(body, reply.init ?? undefined);
}

export function settingsReply(intent: string, status: number, failure: Partial<AuthActionData>, headers: Record<string, string> = {}) {
  return withIntent(intent, authFailure(status, failure, headers));
}

/** Settings forms are a few short fields, except the avatar upload. */
export const MAX_SETTINGS_FORM_BYTES = 16 * 1024;

export type SettingsForm<Intent extends string> = { ok: true; intent: Intent; formData: FormData } | { ok: false; response: ReturnType<typeof settingsReply> };

/** Reads the submission and its intent; an oversized body or an unknown intent is a 4xx with a message. */
export async function readSettingsForm<Intent extends string>(
  request: Request,
  intents: z.ZodType<Intent>,
  maxBytes = MAX_SETTINGS_FORM_BYTES,
): Promise<SettingsForm<Intent>> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (!Number.isFinite(declared) || declared > maxBytes) return { ok: false, response: settingsReply("", 413, { formError: settingsStrings.tooLarge }) };
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    return { ok: false, response: settingsReply("", 400, { formError: settingsStrings.tooLarge }) };
  }
  const intent = intents.safeParse(formData.get(INTENT_FIELD));
  if (!intent.success) return { ok: false, response: settingsReply("", 400, { formError: settingsStrings.unavailable }) };
  return { ok: true, intent: intent.data, formData };
}

export type CheckedFields<Output> = { ok: true; data: Output; values: Record<string, string> } | { ok: false; response: ReturnType<typeof settingsReply> };

export function checkSettingsFields<Schema extends z.ZodTypeAny>(intent: string, formData: FormData, schema: Schema): CheckedFields<z.output<Schema>> {
  const values = formFieldValues(formData, fieldNamesOf(schema));
  const checked = checkForm(schema, values);
  if (!checked.ok) return { ok: false, response: settingsReply(intent, 400, { fieldErrors: checked.fieldErrors, values }) };
  return { ok: true, data: checked.data, values };
}

/** A destructive action runs only once confirmed; before that the page is asked to confirm these fields. */
export function confirmationRequest(intent: string, formData: FormData, fields: Record<string, string>) {
  if (formData.get(CONFIRMED_FIELD) === "yes") return null;
  return withIntent(intent, authFailure(200, {}), fields);
}

/**
 * The form answer for an upstream failure: a dead session goes to sign-in, a missing call (404/405) says this
 * server does not support it, 422 errors land beside their fields, the rest says to try later.
 */
export function settingsFailure(error: unknown, request: Request, intent: string, values: Record<string, string>, unsupportedWhat: string) {
  if (error instanceof UpstreamUnauthorizedError || error instanceof UpstreamForbiddenError) throwRouteError(error, request);
  if (isUnsupportedCall(error)) return settingsReply(intent, 501, { formError: settingsStrings.unsupported(unsupportedWhat), values });
  return withIntent(intent, upstreamFailure(error, values));
}

export function backWithToast(section: SettingsSection, message: string, kind: "success" | "error" = "success") {
  return redirectWithToast(settingsPath(section), { kind, message }, { status: 303 });
}

export type Supported<Value> = { supported: true; value: Value } | { supported: false };

/** A section's data, or `supported: false` when the upstream has no such call; other failures as on every page. */
export function loadIfSupported<Value>(request: Request, load: () => Promise<Value>): Promise<Supported<Value>> {
  return withRouteErrors(request, async () => {
    try {
      return { supported: true, value: await load() };
    } catch (error) {
      if (isUnsupportedCall(error)) return { supported: false };
      throw error;
    }
  });
}
