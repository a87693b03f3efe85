// The account menu's words for "Вышли новые серии" (in every page's JavaScript: kept apart from the page's text).
export const newEpisodesMenuStrings = {
  link: "Новые серии",
} as const;
