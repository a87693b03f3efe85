// The auth forms' rules: the server parses submissions with these, and with JavaScript the same schemas
// check the fields as the user types (loaded on the first focus, so zod is not part of the first load).
// Field names are the upstream's, so its 422 errors land on them.
import { z } from "zod";
import { LIMITS } from "./auth-limits";
import { ruleMessages } from "./rule-messages";

export { LIMITS };

const LOGIN_PATTERN = /^[A-Za-z0-9_.-]+$/;

export function requiredText(max: number) {
  return z.string().trim().min(1, ruleMessages.required).max(max, ruleMessages.maxLength(max));
}

/** Passwords are never trimmed: spaces may be part of them. */
export function requiredPassword(min: number, max: number) {
  return z.string().min(1, ruleMessages.required).min(min, ruleMessages.minLength(min)).max(max, ruleMessages.maxLength(max));
}

export const emailField = requiredText(LIMITS.email.max).email(ruleMessages.email);
export const newPasswordField = requiredPassword(LIMITS.password.min, LIMITS.password.max);
export const nicknameField = requiredText(LIMITS.nickname.max).min(LIMITS.nickname.min, ruleMessages.minLength(LIMITS.nickname.min));
export const passwordConfirmationField = z
  .string()
  .min(1, ruleMessages.required)
  .max(LIMITS.password.max, ruleMessages.maxLength(LIMITS.password.max));

export const passwordMismatchMessage = "Пароли не совпадают";

export function withConfirmation<Shape extends { password: z.ZodTypeAny; password_confirmation: z.ZodTypeAny }>(
  schema: z.ZodObject<Shape>,
) {
  return schema.superRefine((value, context) => {
    const input = value as { password: string; password_confirmation: string };
    if (input.password_confirmation !== "" && input.password !== input.password_confirmation) {
      context.addIssue({ code: z.ZodIssueCode.custom, path: ["password_confirmation"], message: passwordMismatchMessage });
    }
  });
}

export const LoginFormSchema = z.object({
  login: requiredText(LIMITS.email.max),
  password: requiredPassword(1, LIMITS.signInPassword.max),
});

export const RegistrationFormSchema = withConfirmation(
  z.object({
    login: requiredText(LIMITS.login.max)
      .min(LIMITS.login.min, ruleMessages.minLength(LIMITS.login.min))
      .regex(LOGIN_PATTERN, ruleMessages.format),
    email: emailField,
    nickname: nicknameField,
    password: newPasswordField,
    password_confirmation: passwordConfirmationField,
  }),
);

export const ForgetPasswordFormSchema = z.object({ email: emailField });

export const ResetPasswordFormSchema = withConfirmation(
  z.object({
    token: requiredText(LIMITS.token.max),
    password: newPasswordField,
    password_confirmation: passwordConfirmationField,
  }),
);

export const VerifyEmailFormSchema = z.object({ token: requiredText(LIMITS.token.max) });

export const LinkDeviceFormSchema = z.object({
  // A TV may show the code in groups ("123 456"): spaces are not part of it.
  code: z
    .string()
    .transform((value) => value.replace(/\s+/g, ""))
    .pipe(
      z
        .string()
        .min(1, ruleMessages.required)
        .regex(/^\d+$/, ruleMessages.numeric)
        .min(LIMITS.otpCode.length, ruleMessages.minLength(LIMITS.otpCode.length))
        .max(LIMITS.otpCode.length, ruleMessages.maxLength(LIMITS.otpCode.length)),
    ),
});

/** Every auth form's schema by name: pages name their form, the schemas arrive with the first focus. */
export const authFormSchemas = {
  login: LoginFormSchema,
  registration: RegistrationFormSchema,
  forgetPassword: ForgetPasswordFormSchema,
  resetPassword: ResetPasswordFormSchema,
  verifyEmail: VerifyEmailFormSchema,
  linkDevice: LinkDeviceFormSchema,
} as const;

export type AuthFormName = keyof typeof authFormSchemas;
