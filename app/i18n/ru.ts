// Every user-facing string of the shell lives here; features keep theirs in their own `strings.ts`.
export const ru = {
  site: {
    defaultDescription:
      "Смотрите аниме онлайн с русской озвучкой и субтитрами: переводим и озвучиваем аниме-сериалы и фильмы, выкладываем новые серии по расписанию.",
    skipToContent: "Перейти к содержимому",
    logoLabel: "На главную",
  },
  nav: {
    label: "Разделы сайта",
    home: "Главная",
    catalog: "Каталог",
    schedule: "Расписание",
    latest: "Новые релизы",
    genres: "Жанры",
    franchises: "Франшизы",
    torrents: "Торренты",
    videos: "Видео",
    teams: "Команда",
    rules: "Правила",
    support: "Поддержка",
    sitemap: "Карта сайта",
    menu: "Меню",
  },
  search: {
    label: "Поиск аниме",
    placeholder: "Найти аниме",
    submit: "Найти",
    /** The search found nothing as typed, so the other keyboard layout's reading was searched. */
    shownForSwitchedLayout: (query: string) => `Показаны результаты по запросу «${query}»`,
  },
  account: {
    signIn: "Войти",
    signOut: "Выйти",
    favorites: "Избранное",
    collections: "Коллекции",
    settings: "Настройки",
    data: "Ваши данные",
    downloads: "Сохранённые серии",
    newEpisodes: "Новые серии",
    subscriptions: "Мои подписки",
    accountMenu: "Меню профиля",
  },
  theme: {
    switchToLight: "Включить светлую тему",
    switchToDark: "Включить тёмную тему",
    unknownTheme: "Неизвестная тема оформления.",
  },
  footer: {
    disclaimer: "Весь материал на сайте представлен исключительно для домашнего ознакомительного просмотра.",
    advertising: "По вопросам рекламы и сотрудничества:",
    copyright: "Жалобы на нарушение авторских прав:",
  },
  errors: {
    titleFallback: "Ошибка",
    descriptionFallback: "Произошла чудовищная ошибка ...",
    notFound: "Извините, но мы не смогли найти страницу, которую вы искали",
    server: "Произошла ошибка на сервере",
    unknown: "Произошла неизвестная ошибка на сервере или в браузере",
    upstreamHint: "Сервер с данными сейчас не отвечает. Попробуйте обновить страницу через минуту.",
    toHome: "На главную",
  },
  fields: {
    charactersLeft: (left: string) => `Осталось символов: ${left}`,
  },
  loading: "Загрузка…",
} as const;
