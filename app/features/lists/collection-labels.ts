// The collections' Russian names (a module of their own: the sign-in links of the release page do not need them).
import type { CollectionType } from "~/domain/account";

export const collectionLabels: Record<CollectionType, string> = {
  PLANNED: "Запланировано",
  WATCHED: "Просмотрено",
  WATCHING: "Смотрю",
  POSTPONED: "Отложено",
  ABANDONED: "Брошено",
};
