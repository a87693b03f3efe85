// Every user-facing string of low-data mode (decision 0288): the switch, and what the player says in it.
import { formatBytes } from "~/i18n/format";

export const lowDataStrings = {
  title: "Экономия трафика",
  switchLabel: "Экономить трафик",
  hint: "Плеер сам не поднимается выше 480p и показывает размер серии до начала, картинки приходят уменьшенными, а страницы и серии не загружаются заранее.",
  byBrowser: "Экономию трафика сейчас включил браузер (режим экономии данных): она действует, пока он включён.",
  unknownChoice: "Неизвестное значение переключателя экономии трафика.",
  /** The player's line while the mode caps the quality. */
  capped: (height: number) => `Экономия трафика: качество до ${height}p`,
  /** In the quality menu: why the choices above the cap are marked. */
  capReason: (height: number) =>
    `Экономия трафика: плеер сам не поднимается выше ${height}p. Более высокое качество можно выбрать вручную — только для этой серии.`,
  /** In the quality menu, beside a rendition the mode keeps the player from choosing by itself. */
  aboveCap: "только вручную",
  /** Before the episode starts: its rendition's bitrate × its duration. */
  episodeSize: (bytes: number, height: number) => `≈ ${formatBytes(bytes) ?? "—"} в ${height}p`,
  episodeSizeLabel: "Примерный размер серии",
};
