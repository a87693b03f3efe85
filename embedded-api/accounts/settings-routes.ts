// Account settings beyond the document: nickname, e-mail, password and notification switches.
import { z } from "zod";
import type { Route } from "../http/router";
import type { RequestContext } from "../http/context";
import { validationFailed } from "../http/api-error";
import { booleanInput, parseInput } from "../http/validation";
import { emailField, nicknameField, withPasswordConfirmation } from "./account-rules";
import { hashPassword, verifyPassword } from "./passwords";
import { endAllSessions } from "./sessions";
import type { UserRow } from "../db/rows";
import { sendMail } from "./outbox";
import { currentProfile } from "./profile-routes";

/** Accounts made by social sign-in have no password: they may set one without the current one. */
const currentPasswordInput = z.string().max(256).optional();

const NicknameSchema = z.object({ nickname: nicknameField });
const EmailSchema = z.object({ email: emailField, current_password: currentPasswordInput });
const PasswordSchema = withPasswordConfirmation({ current_password: currentPasswordInput });

export const NOTIFICATION_KEYS = ["new_episodes", "collection_updates", "news", "security_alerts"] as const;
type NotificationKey = (typeof NOTIFICATION_KEYS)[number];
const NOTIFICATION_DEFAULTS: Record<NotificationKey, boolean> = {
  new_episodes: true,
  collection_updates: true,
  news: false,
  security_alerts: true,
};
const NotificationsSchema = z.object(Object.fromEntries(NOTIFICATION_KEYS.map((key) => [key, booleanInput.optional()]))).strict();

/** 422 on current_password unless it is this account's password (or the account has none). */
function checkCurrentPassword(user: UserRow, currentPassword: string | undefined): void {
  if (user.password_hash === null) return;
  if (!currentPassword) throw validationFailed({ current_password: ["Введите текущий пароль."] });
  // 422, not 401: a wrong password here must not read as a dead session.
  if (!verifyPassword(currentPassword, user.password_hash)) {
    throw validationFailed({ current_password: ["Неверный текущий пароль."] });
  }
}

function notificationSettings(context: RequestContext): Record<NotificationKey, boolean> {
  const { user } = context.requireUser();
  const row = context.db.prepare("SELECT * FROM notification_settings WHERE user_id = ?").get(user.id) as
    Record<NotificationKey, number> | undefined;
  return Object.fromEntries(NOTIFICATION_KEYS.map((key) => [key, row ? row[key] === 1 : NOTIFICATION_DEFAULTS[key]])) as Record<
    NotificationKey,
    boolean
  >;
}

export const settingsRoutes: Route[] = [
  {
    method: "POST",
    path: "/accounts/users/me/profile/nickname",
    handler: async (context) => {
      const { user } = context.requireUser();
      const { nickname } = parseInput(NicknameSchema, await context.json());
      context.db.prepare("UPDATE users SET nickname = ? WHERE id = ?").run(nickname, user.id);
      return currentProfile(context);
    },
  },
  {
    method: "POST",
    path: "/accounts/users/me/profile/email",
    handler: async (context) => {
      const { user } = context.requireUser();
      const input = parseInput(EmailSchema, await context.json());
      checkCurrentPassword(user, input.current_password);
      const taken = context.db.prepare("SELECT id FROM users WHERE email = ?").pluck().get(input.email) as number | undefined;
      if (taken !== undefined && taken !== user.id) {
        throw validationFailed({ email: ["Этот e-mail уже зарегистрирован."] });
      }
      context.db.prepare("UPDATE users SET email = ? WHERE id = ?").run(input.email, user.id);
      // The old address hears about it, so a stolen session cannot quietly take the account over.
      if (user.email.toLowerCase() !== input.email.toLowerCase()) {
        const link = `${context.origin}/app/settings/account`;
        sendMail(context.db, {
          to_address: user.email,
          subject: "E-mail аккаунта на АниЛибрии изменён",
          body_text: `Здравствуйте, ${user.login}!\n\nАдрес e-mail вашего аккаунта изменён на ${input.email}.\nЕсли это были не вы, восстановите доступ и смените пароль:\n${link}`,
          link,
          created_at: context.now().toISOString(),
        });
      }
      return currentProfile(context);
    },
  },
  {
    method: "POST",
    path: "/accounts/users/me/profile/password",
    handler: async (context) => {
      const { user, sessionId } = context.requireUser();
      const input = parseInput(PasswordSchema, await context.json());
      checkCurrentPassword(user, input.current_password);
      context.db.prepare("UPDATE users SET password_hash = ? WHERE id = ?").run(hashPassword(input.password), user.id);
      const ended = endAllSessions(context.db, user.id, sessionId);
      return { message: "Пароль изменён. Остальные устройства вышли из аккаунта.", ended_sessions: ended };
    },
  },
  { method: "GET", path: "/accounts/users/me/notifications/settings", handler: notificationSettings },
  {
    method: "POST",
    path: "/accounts/users/me/notifications/settings",
    handler: async (context) => {
      const { user } = context.requireUser();
      const change = parseInput(NotificationsSchema, (await context.json()) ?? {}) as Partial<Record<NotificationKey, boolean>>;
      const next = { ...notificationSettings(context), ...change };
      context.db
        .prepare(
          `INSERT INTO notification_settings (user_id, new_episodes, collection_updates, news, security_alerts, updated_at)
           VALUES (@user_id, @new_episodes, @collection_updates, @news, @security_alerts, @updated_at)
           ON CONFLICT (user_id) DO UPDATE SET new_episodes = excluded.new_episodes,
             collection_updates = excluded.collection_updates, news = excluded.news,
             security_alerts = excluded.security_alerts, updated_at = excluded.updated_at`,
        )
        .run({
          user_id: user.id,
          ...Object.fromEntries(NOTIFICATION_KEYS.map((key) => [key, next[key] ? 1 : 0])),
          updated_at: context.now().toISOString(),
        });
      return next;
    },
  },
];
