// What the form pipeline says on any auth or settings form when the form names no message of its own.
import { formatCount } from "~/i18n/format";

export const formStrings = {
  botSuspected: "Не удалось отправить форму. Обновите страницу и попробуйте ещё раз.",
  unavailable: "Сервер сейчас не отвечает. Попробуйте ещё раз через минуту.",
  upstreamRateLimited: "Сервер просит подождать: слишком много попыток. Попробуйте через минуту.",
  /** Too many attempts on one account (decision 0281); the wait is the answer's Retry-After. */
  accountRateLimited: (retryAfterSeconds: number) =>
    `Слишком много попыток для этого аккаунта. Попробуйте снова через ${formatCount(Math.max(1, Math.ceil(retryAfterSeconds / 60)), "minutesLater")}.`,
  /** 401 from the upstream (a signed-in form's session ends instead: the visitor signs in again). */
  unauthorized: "Неверный логин или пароль.",
  /** 403 from the upstream on a form. */
  forbidden: "Войти не получилось: подтвердите e-mail по ссылке из письма. Если письмо уже подтверждено, аккаунт может быть заблокирован.",
} as const;
