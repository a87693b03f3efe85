// Russian strings of the favorites and collection controls that a visitor sees too (the sign-in links). The toggles'
// own words are in toggle-strings.ts, so the release page's first download does not carry them (decision 0005).
export const listStrings = {
  favoriteAdd: "В избранное",
  collectionMenu: "В коллекцию",
  signInForFavorites: "Войдите, чтобы добавлять релизы в избранное",
  signInForCollections: "Войдите, чтобы добавлять релизы в коллекции",
} as const;
