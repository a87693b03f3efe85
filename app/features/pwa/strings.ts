// Strings of the installable app that every page may show: the notice once visited pages open without a network. The
// install offer's words load with it (install-strings.ts), the offline page's with that page (offline-page-strings.ts).
export const pwaStrings = {
  offlineReady: "Сайт сохранён: просмотренные страницы откроются и без сети.",
} as const;
