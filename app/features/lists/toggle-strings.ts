// Russian strings only the signed-in favorite and collection toggles show (a lazy chunk on the release page).
export const toggleStrings = {
  favoriteRemove: "В избранном",
  collectionMenuLabel: "Выбрать коллекцию",
  collectionChoices: "Коллекции",
  collectionRemoveHint: "нажмите ещё раз, чтобы убрать",
} as const;
