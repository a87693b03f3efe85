// What the settings sections' servers share: their forms go through the one form pipeline as a signed-in
// user's forms told apart by intent; the calls are beyond the document, so an upstream may lack them.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { withRouteErrors } from "~/.server/route-errors.server";
import type { ApiHandle } from "~/.server/api/handle";
import { redirectWithToast } from "~/.server/toast.server";
import { isUnsupportedCall } from "~/.server/upstream-failure.server";
import { formAction, type FormActionOptions } from "~/shared/forms/form-action.server";
import { settingsPath, type SettingsSection } from "./settings-paths";
import { settingsStrings } from "./strings";

type SectionForms = Extract<FormActionOptions, { forms: unknown }>["forms"];

/**
 * A section's action: its forms by intent. `unsupportedWhat` names the section's feature for the 501 an
 * upstream without the call gets.
 */
export function settingsFormAction(forms: SectionForms, options: { unsupportedWhat: string; maxBytes?: number }) {
  return formAction({
    signedIn: true,
    forms,
    maxBytes: options.maxBytes,
    refused: settingsStrings.tooLarge,
    unknownIntent: settingsStrings.unavailable,
    unsupported: settingsStrings.unsupported(options.unsupportedWhat),
  });
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

/** A section's loader over one call beyond the document: signed in only, `supported: false` without the call. */
export function sectionLoader<Value>(load: (api: ApiHandle) => Promise<Value>) {
  return (args: LoaderFunctionArgs) => {
    const { api } = args.context;
    api.requireUser(args.request);
    return loadIfSupported(args.request, () => load(api));
  };
}
