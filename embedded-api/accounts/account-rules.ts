// Input rules for account fields, shared by registration and password reset.
import { z } from "zod";

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;

export const loginField = z
  .string()
  .trim()
  .min(3)
  .max(32)
  .regex(/^[A-Za-z0-9_.-]+$/, "Логин может содержать только латинские буквы, цифры и символы _ . -");
export const emailField = z.string().trim().max(254).email();
export const nicknameField = z.string().trim().min(2).max(32);
export const passwordField = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);

/** Adds the "confirmation must match" rule; the error is reported on password_confirmation. */
export function withPasswordConfirmation<Shape extends z.ZodRawShape>(shape: Shape) {
  return z
    .object({ ...shape, password: passwordField, password_confirmation: z.string().max(PASSWORD_MAX) })
    .superRefine((input, context) => {
      if (input.password !== input.password_confirmation) {
        context.addIssue({
          code: z.ZodIssueCode.custom,
          path: ["password_confirmation"],
          message: "Пароль и подтверждение пароля не совпадают.",
        });
      }
    });
}
