// The settings forms' rules: each form names its intent; the section's action parses the fields with these.
import { z } from "zod";
import { SOCIAL_PROVIDERS } from "~/domain/account";
import { NOTIFICATION_SETTINGS, type NotificationSettings } from "~/domain/account-settings";
import {
  emailField,
  LIMITS,
  newPasswordField,
  nicknameField,
  passwordConfirmationField,
  withConfirmation,
} from "~/features/auth/auth-schemas";
import { ruleMessages } from "~/features/auth/rule-messages";
import { settingsStrings } from "./strings";
import { STILL_WATCHING_EPISODES, STILL_WATCHING_MINUTES } from "~/features/video-engine/still-watching";

/** May be empty: accounts made by social sign-in have no password yet (the upstream decides). */
const currentPasswordField = z.string().max(LIMITS.signInPassword.max, ruleMessages.maxLength(LIMITS.signInPassword.max));

export const NicknameFormSchema = z.object({ nickname: nicknameField });

export const EmailFormSchema = z.object({ email: emailField, current_password: currentPasswordField });

export const PasswordFormSchema = withConfirmation(
  z.object({ current_password: currentPasswordField, password: newPasswordField, password_confirmation: passwordConfirmationField }),
);

/** A checkbox sends "on" when ticked and nothing when not. */
const checkbox = z
  .string()
  .optional()
  .transform((value) => value === "on" || value === "true");

export const NotificationsFormSchema = z
  .object(Object.fromEntries(NOTIFICATION_SETTINGS.map((key) => [key, checkbox])) as Record<keyof NotificationSettings, typeof checkbox>)
  .transform((value) => value as NotificationSettings);

const oneOfNumbers = (values: readonly number[], number: z.ZodNumber) =>
  number.refine((value) => values.includes(value), settingsStrings.site.playerCareChoice);

/** Auto-next and «Вы ещё смотрите?» from the settings page without JavaScript (decision 0285). */
export const PlayerCareFormSchema = z.object({
  autoNext: checkbox,
  stillWatchingCheck: checkbox,
  stillWatchingEpisodes: oneOfNumbers(STILL_WATCHING_EPISODES, z.coerce.number()),
  stillWatchingMinutes: oneOfNumbers(STILL_WATCHING_MINUTES, z.coerce.number()),
});

/** The same, as the cookie keeps it (player-care.ts), with the time it was saved. */
export const PlayerCareCookieSchema = z.object({
  autoNext: z.boolean(),
  stillWatchingCheck: z.boolean(),
  stillWatchingEpisodes: oneOfNumbers(STILL_WATCHING_EPISODES, z.number()),
  stillWatchingMinutes: oneOfNumbers(STILL_WATCHING_MINUTES, z.number()),
  savedAt: z.number().int().nonnegative(),
});

export const SessionFormSchema = z.object({
  sessionId: z.string().trim().min(1, ruleMessages.required).max(128, ruleMessages.maxLength(128)),
});

export const ProviderFormSchema = z.object({ provider: z.enum(SOCIAL_PROVIDERS) });
