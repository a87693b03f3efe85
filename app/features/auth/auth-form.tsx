// The auth forms: labelled fields with their messages, the form's own message and a submit button that
// says what it is doing.
import { Form, useNavigation } from "@remix-run/react";
import type { FormEvent, ReactNode } from "react";
import { errorTextClass, FormAlert } from "./auth-card";
import type { FormActionData } from "~/shared/forms/form-fields";
import type { AuthFormName } from "./auth-schemas";
import { HoneypotField } from "./honeypot-field";
import { useLiveValidation } from "./use-live-validation";

type TextFieldProps = {
  name: string;
  label: string;
  type?: "text" | "email" | "password";
  autoComplete: string;
  hint?: string;
  error?: string;
  defaultValue?: string;
  maxLength?: number;
  inputMode?: "numeric" | "email" | "text";
  /** Off for fields that may stay empty. */
  required?: boolean;
  /** When one page has two fields of the same name (`field-{name}` otherwise). */
  id?: string;
};

export function TextField({
  name,
  label,
  type = "text",
  autoComplete,
  hint,
  error,
  defaultValue,
  maxLength,
  inputMode,
  required = true,
  id: givenId,
}: TextFieldProps) {
  const id = givenId ?? `field-${name}`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className="mb-4">
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        defaultValue={defaultValue}
        maxLength={maxLength}
        inputMode={inputMode}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`h-11 w-full rounded-md border bg-page px-3 text-base text-ink ${error ? "border-red-700 dark:border-red-400" : "border-line"}`}
      />
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={`mt-1 ${errorTextClass}`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function SubmitButton({ label, pendingLabel, pending }: { label: string; pendingLabel: string; pending: boolean }) {
  return (
    <button
      type="submit"
      aria-disabled={pending || undefined}
      className="h-11 w-full rounded-md bg-[#D32F2F] px-4 font-semibold text-white hover:opacity-90 aria-disabled:opacity-70"
    >
      {pending ? pendingLabel : label}
    </button>
  );
}

/** True while this page's form is being submitted. */
export function useSubmitting(action?: string): boolean {
  const navigation = useNavigation();
  if (navigation.state === "idle" || navigation.formMethod?.toUpperCase() !== "POST") return false;
  return action === undefined || navigation.formAction === action;
}

type AuthFormProps = {
  /** Which auth schema checks the fields (loaded on the first focus). */
  form: AuthFormName;
  actionData: FormActionData | undefined;
  submitLabel: string;
  pendingLabel: string;
  /** The form's fields, given the message of each. */
  children: (errorFor: (name: string) => string | undefined) => ReactNode;
  /** Runs after the live check passed; may prevent the submission to finish it later (bot check). */
  onValidSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  action?: string;
  /** Shown under the button (links to the neighbouring pages). */
  footer?: ReactNode;
  /** Public forms carry the honeypot; a signed-in user's form does not need it. */
  honeypot?: boolean;
};

/** A plain POST form (it works without JavaScript); with JavaScript it checks itself as the user types. */
export function AuthForm({
  form,
  actionData,
  submitLabel,
  pendingLabel,
  children,
  onValidSubmit,
  action,
  footer,
  honeypot = true,
}: AuthFormProps) {
  const { errorFor, formProps } = useLiveValidation(form, actionData?.fieldErrors);
  const pending = useSubmitting();
  return (
    <Form
      method="post"
      action={action}
      {...formProps}
      onSubmit={(event) => {
        if (pending) {
          event.preventDefault();
          return;
        }
        formProps.onSubmit(event);
        if (!event.defaultPrevented) onValidSubmit?.(event);
      }}
    >
      <FormAlert message={actionData?.formError} />
      {honeypot ? <HoneypotField /> : null}
      {children(errorFor)}
      <SubmitButton label={submitLabel} pendingLabel={pendingLabel} pending={pending} />
      {footer ? <div className="mt-6 space-y-2 text-sm">{footer}</div> : null}
    </Form>
  );
}
