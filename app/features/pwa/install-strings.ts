// Strings of the install offer, loaded with it.
export const installStrings = {
  region: "Установка приложения",
  title: "Установите приложение",
  text: "Сайт откроется в отдельном окне, а просмотренные страницы будут доступны без сети.",
  action: "Установить",
  dismiss: "Не предлагать",
} as const;
