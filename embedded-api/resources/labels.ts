// Russian descriptions of the API's enumerations, as the live server sends them beside each value.
export const releaseTypeDescriptions: Record<string, string> = {
  TV: "ТВ",
  ONA: "ONA",
  WEB: "WEB",
  OVA: "OVA",
  OAD: "OAD",
  MOVIE: "Фильм",
  DORAMA: "Дорама",
  SPECIAL: "Спешл",
};

export const seasonDescriptions: Record<string, string> = {
  winter: "Зима",
  spring: "Весна",
  summer: "Лето",
  autumn: "Осень",
};

export const ageRatings: Record<string, { label: string; is_adult: boolean; description: string }> = {
  R0_PLUS: { label: "0+", is_adult: false, description: "Для любой зрительской аудитории" },
  R6_PLUS: { label: "6+", is_adult: false, description: "Для детей старше 6 лет" },
  R12_PLUS: { label: "12+", is_adult: false, description: "Для детей старше 12 лет" },
  R16_PLUS: { label: "16+", is_adult: false, description: "Для детей старше 16 лет" },
  R18_PLUS: { label: "18+", is_adult: true, description: "Запрещено для детей" },
};

export const publishDayNames: Record<number, string> = {
  1: "Понедельник",
  2: "Вторник",
  3: "Среда",
  4: "Четверг",
  5: "Пятница",
  6: "Суббота",
  7: "Воскресенье",
};

export const catalogSortings = ["FRESH_AT_DESC", "FRESH_AT_ASC", "RATING_DESC", "RATING_ASC", "YEAR_DESC", "YEAR_ASC"] as const;
export const favoriteSortings = ["CREATED_AT_DESC", "CREATED_AT_ASC", ...catalogSortings] as const;
export type ReleaseSorting = (typeof favoriteSortings)[number];

export const sortingLabels: Record<ReleaseSorting, { label: string; description: string }> = {
  FRESH_AT_DESC: { label: "Недавно обновлённые", description: "Сначала релизы с новыми сериями" },
  FRESH_AT_ASC: { label: "Давно обновлённые", description: "Сначала релизы, которые давно не обновлялись" },
  RATING_DESC: { label: "Самые популярные", description: "По числу добавлений в избранное, по убыванию" },
  RATING_ASC: { label: "Наименее популярные", description: "По числу добавлений в избранное, по возрастанию" },
  YEAR_DESC: { label: "Сначала новые", description: "По году выхода, по убыванию" },
  YEAR_ASC: { label: "Сначала старые", description: "По году выхода, по возрастанию" },
  CREATED_AT_DESC: { label: "Недавно добавленные", description: "Сначала то, что вы добавили последним" },
  CREATED_AT_ASC: { label: "Давно добавленные", description: "Сначала то, что вы добавили первым" },
};

export const publishStatuses: Record<string, string> = {
  IS_ONGOING: "Сейчас выходит",
  IS_NOT_ONGOING: "Вышел полностью",
};

export const productionStatuses: Record<string, string> = {
  IS_IN_PRODUCTION: "Сейчас в озвучке",
  IS_NOT_IN_PRODUCTION: "Озвучка завершена",
};

export const collectionTypes = ["PLANNED", "WATCHED", "WATCHING", "POSTPONED", "ABANDONED"] as const;
export type CollectionType = (typeof collectionTypes)[number];

export const memberRoleDescriptions: Record<string, string> = {
  poster: "Оформление постера",
  timing: "Тайминг",
  voicing: "Озвучка",
  editing: "Редактура",
  decorating: "Оформление",
  translating: "Перевод",
  hevc: "HEVC",
};

/** A hidden label has no colour (null), as the live service sends AVC's. */
export const torrentCodecLabels: Record<string, { label: string; color: string | null; visible: boolean }> = {
  AV1: { label: "AV1", color: "#6a1b9a", visible: true },
  "x264/AVC": { label: "AVC", color: null, visible: false },
  "x265/HEVC": { label: "HEVC", color: "#2e7d32", visible: true },
  "x265hq/HEVC-HQ": { label: "HEVC-HQ", color: "#ef6c00", visible: true },
};
