// Russian text of the "Добавить в календарь" menu (in the page's JavaScript: kept short).
export const calendarMenuStrings = {
  addToCalendar: "Добавить в календарь",
  addFavoritesToCalendar: "Избранное в календарь",
  googleCalendar: "Google Календарь",
  appleCalendar: "Apple Календарь (iPhone, Mac)",
  outlookCalendar: "Outlook",
  download: "Скачать файл .ics",
  menuHint: "Календарь обновляется сам.",
} as const;

/** Calendar names: the feeds' and the ones the menu hands to calendar apps. */
export const calendarNames = {
  week: (site: string) => `${site}: расписание`,
  favorites: (site: string) => `${site}: избранное в расписании`,
  release: (site: string, title: string) => `${site}: ${title}`,
} as const;
