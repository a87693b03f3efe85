// Russian text of the calendar feeds themselves (server only).
export const calendarFeedStrings = {
  weekDescription: "Выход новых серий аниме по расписанию, каждую неделю.",
  favoritesDescription: "Выход новых серий аниме из вашего избранного, каждую неделю.",
  releaseDescription: (title: string) => `Выход новых серий «${title}», каждую неделю.`,
  eventNoTime: "Время выхода не объявлено: серия выходит в этот день по московскому времени.",
  eventLink: (url: string) => `Смотреть: ${url}`,
  badIds: "Некорректный список релизов: укажите через запятую номера релизов (не больше 200).",
  badTimeZone: "Неизвестный часовой пояс: укажите его в формате IANA, например Europe/Moscow.",
} as const;
