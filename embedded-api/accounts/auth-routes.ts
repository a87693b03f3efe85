// Sign-in, sign-out, registration with e-mail verification, and password reset.
import { z } from "zod";
import type { Route } from "../http/router";
import type { RequestContext } from "../http/context";
import { ApiError, notFound, unauthorized, validationFailed, type FieldErrors } from "../http/api-error";
import { parseInput } from "../http/validation";
import { hashPassword, verifyPassword } from "./passwords";
import { createSession, endAllSessions, endSession } from "./sessions";
import type { UserRow } from "../db/rows";
import { consumeAccountToken, issueAccountToken } from "./account-tokens";
import { sendMail } from "./outbox";
import { emailField, loginField, nicknameField, withPasswordConfirmation } from "./account-rules";
import { randomPasskey } from "./secrets";
import { AVATAR_COUNT } from "../demo-constants";

const LoginSchema = z.object({ login: z.string().trim().min(1).max(254), password: z.string().min(1).max(256) });

const RegistrationSchema = withPasswordConfirmation({
  login: loginField,
  email: emailField,
  nickname: nicknameField.optional(),
  recaptcha_token: z.string().min(1).max(4096),
});

const VerifySchema = z.object({ token: z.string().min(1).max(256) });
const ForgetSchema = z.object({ email: emailField });
const ResetSchema = withPasswordConfirmation({ token: z.string().min(1).max(256) });

// Compared against when the login is unknown, so a miss costs as much time as a wrong password.
const UNKNOWN_USER_HASH = hashPassword("unknown-user-placeholder");

export function findUserByLoginOrEmail(context: RequestContext, loginOrEmail: string): UserRow | undefined {
  return context.db.prepare("SELECT * FROM users WHERE login = ? OR email = ? LIMIT 1").get(loginOrEmail, loginOrEmail) as
    UserRow | undefined;
}

export function signIn(context: RequestContext, userId: number): { token: string } {
  return { token: createSession(context.db, userId, context.userAgent, context.clientIp, context.now()) };
}

function sendVerificationMail(context: RequestContext, user: Pick<UserRow, "id" | "email" | "login">): void {
  const token = issueAccountToken(context.db, user.id, "verify_email", context.now());
  const link = `${context.origin}/app/auth/registration/verifyEmail?token=${encodeURIComponent(token)}`;
  sendMail(context.db, {
    to_address: user.email,
    subject: "Подтверждение e-mail на АниЛибрии",
    body_text: `Здравствуйте, ${user.login}!\n\nЧтобы завершить регистрацию, подтвердите адрес e-mail по ссылке:\n${link}\n\nСсылка действует 24 часа. Если вы не регистрировались, просто удалите это письмо.`,
    link,
    created_at: context.now().toISOString(),
  });
}

async function register(context: RequestContext): Promise<unknown> {
  const input = parseInput(RegistrationSchema, await context.json());
  const errors: FieldErrors = {};
  if (context.db.prepare("SELECT 1 FROM users WHERE login = ?").get(input.login)) {
    errors.login = ["Этот логин уже занят."];
  }
  if (context.db.prepare("SELECT 1 FROM users WHERE email = ?").get(input.email)) {
    errors.email = ["Этот e-mail уже зарегистрирован."];
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  const verify = context.services.verifyRecaptcha;
  if (verify && !(await verify(input.recaptcha_token, context.clientIp))) {
    throw validationFailed({ recaptcha_token: ["Проверка на робота не пройдена. Попробуйте ещё раз."] });
  }
  const now = context.now().toISOString();
  const userId = Number(
    context.db
      .prepare(
        `INSERT INTO users (login, email, nickname, password_hash, avatar_index, torrent_passkey, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        input.login,
        input.email,
        input.nickname ?? input.login,
        hashPassword(input.password),
        (input.login.length % AVATAR_COUNT) + 1,
        randomPasskey(),
        now,
      ).lastInsertRowid,
  );
  sendVerificationMail(context, { id: userId, email: input.email, login: input.login });
  return { message: `Мы отправили письмо со ссылкой для подтверждения на ${input.email}.` };
}

export const authRoutes: Route[] = [
  {
    method: "POST",
    path: "/accounts/users/auth/login",
    handler: async (context) => {
      const input = parseInput(LoginSchema, await context.json());
      const user = findUserByLoginOrEmail(context, input.login);
      const passwordMatches = verifyPassword(input.password, user?.password_hash ?? UNKNOWN_USER_HASH);
      if (!user || !passwordMatches) throw unauthorized("Неверный логин или пароль.");
      if (user.email_verified_at === null) {
        throw new ApiError(403, "Подтвердите e-mail: перейдите по ссылке из письма, которое мы отправили при регистрации.");
      }
      if (user.is_banned === 1) throw new ApiError(403, "Аккаунт заблокирован.");
      return signIn(context, user.id);
    },
  },
  {
    method: "POST",
    path: "/accounts/users/auth/logout",
    handler: (context) => {
      const signedIn = context.user();
      if (!signedIn) throw unauthorized("Не удалось деавторизоваться. Пользователь не авторизован.");
      endSession(context.db, signedIn.sessionId);
      return { token: null };
    },
  },
  { method: "POST", path: "/accounts/users/auth/registration/new", handler: register },
  {
    method: "POST",
    path: "/accounts/users/auth/registration/verify",
    handler: async (context) => {
      const { token } = parseInput(VerifySchema, await context.json());
      const userId = consumeAccountToken(context.db, token, "verify_email", context.now());
      if (userId === null) {
        throw validationFailed({ token: ["Ссылка подтверждения недействительна или устарела."] });
      }
      context.db
        .prepare("UPDATE users SET email_verified_at = COALESCE(email_verified_at, ?) WHERE id = ?")
        .run(context.now().toISOString(), userId);
      return { message: "E-mail подтверждён. Теперь можно войти." };
    },
  },
  {
    method: "POST",
    path: "/accounts/users/auth/password/forget",
    handler: async (context) => {
      const { email } = parseInput(ForgetSchema, await context.json());
      const user = context.db.prepare("SELECT * FROM users WHERE email = ?").get(email) as UserRow | undefined;
      // The answer is the same whether or not the address is known, so it cannot probe for accounts.
      if (user) {
        const token = issueAccountToken(context.db, user.id, "reset_password", context.now());
        const link = `${context.origin}/app/auth/password/resetPassword?token=${encodeURIComponent(token)}`;
        sendMail(context.db, {
          to_address: user.email,
          subject: "Восстановление пароля на АниЛибрии",
          body_text: `Здравствуйте, ${user.login}!\n\nЧтобы задать новый пароль, перейдите по ссылке:\n${link}\n\nСсылка действует 1 час и срабатывает один раз. Если вы не запрашивали сброс, ничего делать не нужно.`,
          link,
          created_at: context.now().toISOString(),
        });
      }
      return { message: "Если такой e-mail зарегистрирован, мы отправили на него ссылку для сброса пароля." };
    },
  },
  {
    method: "POST",
    path: "/accounts/users/auth/password/reset",
    handler: async (context) => {
      const input = parseInput(ResetSchema, await context.json());
      const userId = consumeAccountToken(context.db, input.token, "reset_password", context.now());
      if (userId === null) throw notFound("Ссылка для сброса пароля недействительна или устарела.");
      context.db
        .prepare("UPDATE users SET password_hash = ?, email_verified_at = COALESCE(email_verified_at, ?) WHERE id = ?")
        .run(hashPassword(input.password), context.now().toISOString(), userId);
      endAllSessions(context.db, userId, null);
      return { message: "Пароль изменён. Войдите с новым паролем." };
    },
  },
];
