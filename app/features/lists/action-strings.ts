// Russian messages of the favorites and collection actions (server-side: they travel in toasts and JSON answers).
export const listActionStrings = {
  favoriteAdded: "Релиз добавлен в избранное",
  favoriteRemoved: "Релиз убран из избранного",
  collectionAdded: (label: string) => `Релиз добавлен в коллекцию «${label}»`,
  collectionMoved: (label: string) => `Релиз перенесён в коллекцию «${label}»`,
  collectionRemoved: (label: string) => `Релиз убран из коллекции «${label}»`,
  badRequest: "Не удалось понять запрос: обновите страницу и попробуйте ещё раз.",
  releaseMissing: "Такого релиза нет: возможно, его удалили.",
  failed: "Не удалось сохранить изменение. Попробуйте ещё раз.",
} as const;
