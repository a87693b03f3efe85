// A destructive action behind a confirmation. With JavaScript the button opens a modal dialog and posts
// once confirmed; without it the form posts unconfirmed and the action asks again (ConfirmPanel), so the
// server never runs the action without `confirmed=yes`.
import { Form, Link, useLocation, useSubmit } from "@remix-run/react";
import { lazy, Suspense, useRef, useState } from "react";
import {
  confirmActionClass,
  confirmActionsClass,
  confirmCancelClass,
  secondaryButtonClass,
  panelClass,
  usePendingIntent,
} from "./settings-form";
import { CONFIRMED_FIELD, INTENT_FIELD, type FormActionData } from "~/shared/forms/form-fields";
import { settingsStrings } from "./strings";

const ConfirmDialog = lazy(() => import("./confirm-dialog"));

function HiddenFields({ intent, fields }: { intent: string; fields: Record<string, string> }) {
  return (
    <>
      <input type="hidden" name={INTENT_FIELD} value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

type ConfirmFormProps = {
  intent: string;
  fields?: Record<string, string>;
  label: string;
  /** Names what the button acts on for screen readers when several look alike ("Завершить" in a table). */
  accessibleLabel?: string;
  question: string;
  className?: string;
};

export function ConfirmForm({ intent, fields = {}, label, accessibleLabel, question, className = secondaryButtonClass }: ConfirmFormProps) {
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const [asking, setAsking] = useState(false);
  const pending = usePendingIntent(intent);
  return (
    <>
      <Form
        method="post"
        ref={formRef}
        onSubmit={(event) => {
          event.preventDefault();
          if (!pending) setAsking(true);
        }}
      >
        <HiddenFields intent={intent} fields={fields} />
        <button type="submit" aria-label={accessibleLabel} aria-disabled={pending || undefined} className={className}>
          {label}
        </button>
      </Form>
      {asking ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            question={question}
            confirmLabel={label}
            onClose={() => setAsking(false)}
            onConfirm={() => {
              const formData = new FormData(formRef.current ?? undefined);
              formData.set(CONFIRMED_FIELD, "yes");
              setAsking(false);
              submit(formData, { method: "post" });
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/** The no-JavaScript confirmation: the action answered `confirm` with the fields to post again. */
export function ConfirmPanel({ answer, question, label }: { answer: FormActionData | undefined; question: string; label: string }) {
  const location = useLocation();
  if (!answer?.confirm) return null;
  return (
    <section aria-labelledby="confirm-heading" className={`${panelClass} border-[#D32F2F]`}>
      <h2 id="confirm-heading" className="text-lg font-semibold">
        {settingsStrings.confirm.title}
      </h2>
      <p className="mt-2 text-sm">{question}</p>
      <Form method="post" className={`mt-4 max-w-md ${confirmActionsClass}`}>
        <HiddenFields intent={answer.intent ?? ""} fields={answer.confirm} />
        <input type="hidden" name={CONFIRMED_FIELD} value="yes" />
        <Link to={location.pathname} className={confirmCancelClass}>
          {settingsStrings.cancel}
        </Link>
        <button type="submit" className={confirmActionClass}>
          {label}
        </button>
      </Form>
    </section>
  );
}
