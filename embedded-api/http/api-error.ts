// Errors a handler throws to answer in the Laravel style of the live API.
export type FieldErrors = Record<string, string[]>;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors?: FieldErrors,
  ) {
    super(message);
    this.name = "ApiError";
  }

  toBody(): Record<string, unknown> {
    return this.fieldErrors ? { message: this.message, errors: this.fieldErrors } : { message: this.message };
  }
}

export function validationFailed(fieldErrors: FieldErrors): ApiError {
  const messages = Object.values(fieldErrors).flat();
  const first = messages[0] ?? "Данные не прошли проверку.";
  const rest = messages.length - 1;
  const message = rest > 0 ? `${first} (и ещё ошибок: ${rest})` : first;
  return new ApiError(422, message, fieldErrors);
}

export const notFound = (message = "Запрашиваемый ресурс не найден"): ApiError => new ApiError(404, message);
export const forbidden = (message = "Необходимо авторизоваться"): ApiError => new ApiError(403, message);
export const unauthorized = (message = "Пользователь не авторизован"): ApiError => new ApiError(401, message);
