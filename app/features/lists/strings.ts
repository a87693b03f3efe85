// Russian strings of the favorites and collection controls.
export const listStrings = {
  favoriteAdd: "В избранное",
  favoriteRemove: "В избранном",
  collectionMenu: "В коллекцию",
  collectionMenuLabel: "Выбрать коллекцию",
  collectionChoices: "Коллекции",
  collectionRemoveHint: "нажмите ещё раз, чтобы убрать",
  signInForFavorites: "Войдите, чтобы добавлять релизы в избранное",
  signInForCollections: "Войдите, чтобы добавлять релизы в коллекции",
} as const;
