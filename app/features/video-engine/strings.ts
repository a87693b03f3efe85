// Words of playback shared by the player and a room of «Смотреть вместе».

export const videoEngineStrings = {
  normalSpeed: "Обычная",
};

/** "Обычная" for 1, "1,5×" for the others (a Russian decimal comma). */
export function playbackRateLabel(rate: number): string {
  return rate === 1 ? videoEngineStrings.normalSpeed : `${String(rate).replace(".", ",")}×`;
}
