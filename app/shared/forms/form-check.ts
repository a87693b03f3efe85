// A form's fields checked with its zod schema: on the server by the form pipeline (form-action.server.ts) and, for
// the auth forms, in the browser as the user types (loaded on the first focus, so zod is not part of the first load).
import { z } from "zod";
import type { FieldErrors } from "./form-fields";

/** The field names a form schema reads (through refinements). */
export function fieldNamesOf(schema: z.ZodTypeAny): string[] {
  let inner: z.ZodTypeAny = schema;
  while (inner instanceof z.ZodEffects) inner = inner.innerType() as z.ZodTypeAny;
  return inner instanceof z.ZodObject ? Object.keys(inner.shape as z.ZodRawShape) : [];
}

export type FormCheck<Output> = { ok: true; data: Output } | { ok: false; fieldErrors: FieldErrors };

export function firstErrorPerField(error: z.ZodError): FieldErrors {
  const fieldErrors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "");
    if (field && !(field in fieldErrors)) fieldErrors[field] = issue.message;
  }
  return fieldErrors;
}

/** Every named field as text (a file or a missing field reads as ""). */
export function formFieldValues(formData: FormData, names: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of names) {
    const value = formData.get(name);
    values[name] = typeof value === "string" ? value : "";
  }
  return values;
}

export function checkForm<Schema extends z.ZodTypeAny>(schema: Schema, values: Record<string, string>): FormCheck<z.output<Schema>> {
  const result = schema.safeParse(values);
  return result.success
    ? { ok: true, data: result.data as z.output<Schema> }
    : { ok: false, fieldErrors: firstErrorPerField(result.error) };
}
