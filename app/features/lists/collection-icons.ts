// The collections' icons (docs/product.md#states): calendar, check, play, pause, close.
import type { CollectionType } from "~/domain/account";
import { plannedIcon } from "./list-icons";

export const collectionIcons: Record<CollectionType, string> = {
  PLANNED: plannedIcon,
  WATCHED: "M9 16.17 4.83 12l-1.42 1.41L9 19 21 7l-1.41-1.41L9 16.17Z",
  WATCHING: "M8 5v14l11-7L8 5Z",
  POSTPONED: "M6 19h4V5H6v14Zm8-14v14h4V5h-4Z",
  ABANDONED: "M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12 19 6.41Z",
};
