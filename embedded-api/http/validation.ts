// Zod parsing of query and body input with Russian, Laravel-style (422) field errors.
import { z } from "zod";
import { validationFailed, type FieldErrors } from "./api-error";

const fieldLabel = (path: (string | number)[]): string => (path.length > 0 ? path.join(".") : "body");

export const russianErrorMap: z.ZodErrorMap = (issue, context) => {
  const field = fieldLabel(issue.path);
  switch (issue.code) {
    case z.ZodIssueCode.invalid_type:
      if (issue.received === "undefined") return { message: `Поле ${field} обязательно для заполнения.` };
      if (issue.expected === "number" || issue.expected === "integer") return { message: `Поле ${field} должно быть числом.` };
      if (issue.expected === "array") return { message: `Поле ${field} должно быть списком.` };
      if (issue.expected === "boolean") return { message: `Поле ${field} должно быть логическим значением.` };
      if (issue.expected === "object") return { message: `Поле ${field} должно быть объектом.` };
      return { message: `Поле ${field} имеет неверный тип.` };
    case z.ZodIssueCode.invalid_enum_value:
      return {
        message: `Значение поля ${field} недопустимо. Допустимые значения: ${issue.options.join(", ")}.`,
      };
    case z.ZodIssueCode.invalid_string:
      if (issue.validation === "email") return { message: `Поле ${field} должно быть корректным адресом e-mail.` };
      return { message: `Поле ${field} имеет неверный формат.` };
    case z.ZodIssueCode.not_finite:
      return { message: `Поле ${field} должно быть конечным числом.` };
    case z.ZodIssueCode.too_small:
      if (issue.type === "string") return { message: `Длина поля ${field} должна быть не меньше ${issue.minimum} символов.` };
      if (issue.type === "array") return { message: `В поле ${field} выберите хотя бы ${issue.minimum} значение.` };
      return { message: `Значение поля ${field} должно быть не меньше ${issue.minimum}.` };
    case z.ZodIssueCode.too_big:
      if (issue.type === "string") return { message: `Длина поля ${field} должна быть не больше ${issue.maximum} символов.` };
      if (issue.type === "array") return { message: `В поле ${field} может быть не больше ${issue.maximum} значений.` };
      return { message: `Значение поля ${field} не может быть больше ${issue.maximum}.` };
    case z.ZodIssueCode.invalid_union:
    case z.ZodIssueCode.invalid_literal:
      return { message: `Поле ${field} имеет недопустимое значение.` };
    default:
      return { message: context.defaultError };
  }
};

export function toFieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = fieldLabel(issue.path);
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

export function parseInput<Schema extends z.ZodTypeAny>(schema: Schema, input: unknown): z.output<Schema> {
  const result = schema.safeParse(input, { errorMap: russianErrorMap });
  if (!result.success) throw validationFailed(toFieldErrors(result.error));
  return result.data;
}

/** A positive integer given as a JSON number or a decimal string. */
export const integerInput = (min: number, max: number) =>
  z.preprocess(
    (value) => (typeof value === "string" && /^\s*-?\d{1,15}\s*$/.test(value) ? Number(value) : value),
    z.number().int().min(min).max(max),
  );

/** A list given as a JSON array or a comma-joined string ("TV,WEB"); blanks are dropped. */
export const listInput = <Item extends z.ZodTypeAny>(item: Item, maxItems = 100) =>
  z.preprocess((value) => {
    if (typeof value === "string")
      return value
        .split(",")
        .map((part) => part.trim())
        .filter((part) => part !== "");
    if (typeof value === "number") return [value];
    return value;
  }, z.array(item).max(maxItems));

export const integerListInput = (min: number, max: number) => listInput(integerInput(min, max));

export const searchInput = z.preprocess((value) => (typeof value === "number" ? String(value) : value), z.string().max(200));

export const booleanInput = z.preprocess((value) => {
  if (value === "1" || value === "true" || value === 1) return true;
  if (value === "0" || value === "false" || value === 0) return false;
  return value;
}, z.boolean());
