// Russian messages of server-made errors (the error page and the proxy's JSON answers).
export const serverStrings = {
  upstreamUnavailable: "Сервер с данными сейчас не отвечает. Попробуйте обновить страницу через минуту.",
  upstreamBadAnswer: "Сервер с данными ответил с ошибкой. Попробуйте обновить страницу через минуту.",
  upstreamRateLimited: "Слишком много запросов. Подождите немного и обновите страницу.",
  badRequest: "Некорректный запрос.",
  forbidden: "Доступ запрещён.",
  crossOrigin: "Запрос отклонён: он отправлен с другого сайта.",
  notFound: "Не найдено.",
  bodyTooLarge: "Слишком большой запрос.",
  methodNotAllowed: "Метод не поддерживается.",
  unknownHost: "Этот сервер не обслуживает запрошенный адрес сайта.",
  uriTooLong: "Слишком длинный адрес.",
  unsupportedMediaType: "Неподдерживаемый формат данных: ожидается отправка формы.",
  lengthRequired: "Запрос отклонён: не указана длина тела (Content-Length).",
  requestTimeout: "Запрос не пришёл вовремя. Попробуйте ещё раз.",
  socialLoginNotStartedHere: "Вход через социальную сеть начат не в этом браузере или устарел. Начните вход заново.",
} as const;
