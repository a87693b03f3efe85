// Strings of the offline page (the service worker's fallback document).
export const offlinePageStrings = {
  title: "Нет подключения к сети",
  description: "Страница недоступна без сети. Открыть можно страницы, которые вы уже смотрели на этом устройстве.",
  requested: (path: string) => `Страница ${path} ещё не сохранена на этом устройстве.`,
  availableTitle: "Доступно без сети",
  loading: "Ищем сохранённые страницы…",
  none: "Сохранённых страниц пока нет: они появляются здесь, когда вы открываете их при подключении к сети.",
  noWorker: "Этот браузер не сохраняет страницы для работы без сети.",
  retry: "Повторить попытку",
  home: "На главную",
  untitled: "Страница без названия",
} as const;
