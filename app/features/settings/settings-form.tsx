// One settings form: a titled block with a plain POST form (it works without JavaScript) that names its
// intent, shows the answer's messages when they are about it, and a button that says what it is doing.
import { Form, useActionData, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { FormAlert } from "~/features/auth/auth-card";
import { INTENT_FIELD, type FormActionData } from "~/shared/forms/form-fields";
import { settingsStrings } from "./strings";

export const buttonClass = "h-11 rounded-md bg-[#D32F2F] px-4 font-semibold text-white hover:opacity-90 aria-disabled:opacity-70";
export const secondaryButtonClass = "h-10 rounded-md border border-line px-4 text-sm font-medium hover:bg-surface-raised";
export const panelClass = "rounded-lg border border-line bg-surface p-5";
/**
 * A confirmation's two answers: «Отмена» and the action side by side, each half the row and the same height, the
 * action last (where the eye ends); a long action's name wraps inside its half rather than dropping to a row of its own.
 */
export const confirmActionsClass = "grid grid-cols-2 gap-3";
const confirmAnswerClass =
  "flex min-h-11 w-full items-center justify-center rounded-md px-3 py-2 text-center text-sm leading-tight font-semibold";
export const confirmCancelClass = `${confirmAnswerClass} border border-line hover:bg-surface-raised`;
export const confirmActionClass = `${confirmAnswerClass} bg-[#D32F2F] text-white hover:opacity-90`;

/** The section action's answer, when it is about `intent`. */
export function useSettingsAnswer(intent: string): FormActionData | undefined {
  const answer = useActionData<FormActionData>();
  return answer?.intent === intent ? answer : undefined;
}

export function usePendingIntent(intent: string): boolean {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get(INTENT_FIELD) === intent;
}

type SettingsFormProps = {
  intent: string;
  title: string;
  description?: ReactNode;
  submitLabel?: string;
  pendingLabel?: string;
  encType?: "multipart/form-data";
  /** The fields, given the message of each. */
  children: (errorFor: (name: string) => string | undefined, answer: FormActionData | undefined) => ReactNode;
};

export function SettingsForm({
  intent,
  title,
  description,
  submitLabel = settingsStrings.save,
  pendingLabel = settingsStrings.saving,
  encType,
  children,
}: SettingsFormProps) {
  const answer = useSettingsAnswer(intent);
  const pending = usePendingIntent(intent);
  const headingId = `settings-${intent}-heading`;
  return (
    <section aria-labelledby={headingId} className={panelClass}>
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-muted">{description}</p> : null}
      <Form method="post" encType={encType} noValidate className="mt-4 max-w-md" aria-busy={pending}>
        <input type="hidden" name={INTENT_FIELD} value={intent} />
        <FormAlert message={answer?.formError} />
        {children((name) => answer?.fieldErrors[name], answer)}
        <button type="submit" aria-disabled={pending || undefined} className={buttonClass}>
          {pending ? pendingLabel : submitLabel}
        </button>
      </Form>
    </section>
  );
}

/** Shown instead of a section's content when the upstream has no such calls (404/405). */
export function UnsupportedNotice({ what }: { what: string }) {
  return (
    <div role="status" className={`${panelClass} text-sm`}>
      {settingsStrings.unsupported(what)}
    </div>
  );
}
