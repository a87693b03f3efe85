// Every user-facing string of the player pages.
import { formatNumber } from "~/i18n/number";
import { episodeHeading, formatBytes, formatOrdinal } from "~/i18n/format";
import { countOf } from "~/i18n/plural";
import type { CastTarget } from "./cast-state";

export const playerStrings = {
  pageTitleFallback: "Просмотр серии",
  special: "Спецвыпуск",
  toRelease: "К странице релиза",
  player: "Видеоплеер",
  play: "Смотреть",
  pause: "Пауза",
  seek: "Позиция воспроизведения",
  position: (current: string, total: string) => `${current} из ${total}`,
  volume: "Громкость",
  volumeLevel: (percent: number) => `${percent} %`,
  mute: "Выключить звук",
  unmute: "Включить звук",
  fullscreen: "Во весь экран",
  exitFullscreen: "Выйти из полноэкранного режима",
  pip: "Картинка в картинке",
  theatre: "Театральный режим",
  exitTheatre: "Обычный режим",
  settings: "Настройки плеера",
  shortcuts: "Горячие клавиши",
  more: "Ещё",
  seekedBy: (seconds: number) => `${seconds > 0 ? "+" : "−"}${Math.abs(seconds)} с`,
  close: "Закрыть",
  cast: "Трансляция на другое устройство",
  castConnecting: "Подключение к устройству…",
  // Neither API tells which device it is: the words say only what is known.
  castPlayingElsewhere: "Воспроизводится на другом устройстве",
  castPlayingOnAirPlay: "Воспроизводится на устройстве AirPlay",
  castEnded: "Трансляция завершена",
  castReturned: (time: string) => `Трансляция завершена, продолжаем здесь с ${time}`,
  castNoDevice: "Устройство для трансляции не найдено",
  castFailed: "Не удалось начать трансляцию",
  shareMoment: "Поделиться с отметкой времени",
  momentCopied: (time: string) => `Ссылка на ${time} скопирована`,
  momentNotCopied: "Скопировать не удалось — вот ссылка:",
  quality: "Качество",
  qualityAuto: "Авто",
  speed: "Скорость",
  autoSkipOpening: "Пропускать опенинг автоматически",
  autoSkipEnding: "Пропускать эндинг автоматически",
  autoNext: "Автоматически включать следующую серию",
  autoNextCountdown: "Отсчёт перед следующей серией",
  seconds: (value: number) => countOf(value, { one: "секунда", few: "секунды", many: "секунд" }),
  immediately: "Сразу",
  stillWatchingCheck: "Спрашивать «Вы ещё смотрите?»",
  stillWatchingAfter: "через",
  stillWatchingOr: "или",
  stillWatchingEpisodes: "Спрашивать через столько серий подряд",
  stillWatchingMinutes: "Или через столько минут без действий",
  episodes: (value: number) => countOf(value, { one: "серия", few: "серии", many: "серий" }),
  minutes: (value: number) => countOf(value, { one: "минута", few: "минуты", many: "минут" }),
  stillWatchingTitle: "Вы ещё смотрите?",
  stillWatchingText: "Серии давно идут одна за другой без вас. Следующая подождёт ответа.",
  keepWatching: "Продолжить",
  stopForToday: "Хватит на сегодня",
  skipOpening: "Пропустить опенинг",
  skippedOpening: "Опенинг пропущен",
  skippedEnding: "Эндинг пропущен",
  qualityChanged: (quality: string) => `Качество: ${quality}`,
  speedChanged: (rate: string) => `Скорость: ${rate}`,
  skipEnding: "Пропустить эндинг",
  opening: "Опенинг",
  ending: "Эндинг",
  previousEpisode: "Предыдущая серия",
  nextEpisode: "Следующая серия",
  nextIn: (seconds: number) => `Следующая серия через ${seconds} с`,
  nextNow: "Смотреть сейчас",
  cancel: "Отмена",
  replay: "Смотреть заново",
  buffering: "Загрузка видео…",
  resumedAt: (time: string) => `Продолжаем с ${time}`,
  startOver: "Смотреть с начала",
  playbackFailed: "Не удалось воспроизвести видео. Попробуйте другое качество или обновите страницу.",
  noScriptHint:
    "Без JavaScript серию показывает плеер самого браузера, если он умеет HLS. Выбор качества, продолжение с места и пропуск заставки работают с включённым JavaScript; серию можно и скачать через торрент ниже.",
  queue: "Серии",
  queueCurrent: "Сейчас",
  earlierEpisodes: (count: number) => `Ранние серии (${formatNumber(count)}) — на странице релиза`,
  laterEpisodes: (count: number) => `Следующие серии (${formatNumber(count)}) — на странице релиза`,
  watched: "Просмотрено",
  downloads: "Торренты",
  downloadTorrent: "Торрент-файл",
  magnet: "Magnet-ссылка",
  seeders: "Раздают",
  leechers: "Качают",
  noDownloads: "Торрентов для этого релиза нет.",
  torrentsHidden: "Торренты недоступны в вашем регионе.",
  blockedCopyright: "Релиз заблокирован по требованию правообладателя. Смотреть его на сайте нельзя.",
  blockedGeo: "Просмотр этого релиза недоступен в вашей стране.",
  noVideo: "Видео для этой серии пока нет. Загляните позже.",
  externalPlayer: "Эта серия доступна во внешнем плеере.",
  openExternalPlayer: "Открыть внешний плеер",
  embedTitle: (title: string) => `Видео: ${title}`,
  adSlot: "Реклама",
  /** Low-data mode (decision 0288). */
  lowData: {
    /** Over the picture while the mode caps the quality. */
    capped: (height: number) => `Экономия трафика: качество до ${height}p`,
    /** In the quality menu: why the choices above the cap are marked. */
    capReason: (height: number) =>
      `Экономия трафика: плеер сам не поднимается выше ${height}p. Более высокое качество можно выбрать вручную — только для этой серии.`,
    /** In the quality menu, beside a rendition the mode keeps the player from choosing by itself. */
    aboveCap: "только вручную",
    /** Before the episode starts: its rendition's bitrate × its duration. */
    episodeSize: (bytes: number, height: number) => `≈ ${formatBytes(bytes) ?? "—"} в ${height}p`,
    episodeSizeLabel: "Примерный размер серии",
  },
} as const;

export function episodeLabel(episode: { ordinal: number | null; name: string | null }): string {
  if (episode.ordinal === null) return episode.name ?? playerStrings.special;
  return episodeHeading(formatOrdinal(episode.ordinal) ?? "");
}

/** "Авто" or "720p". */
export function qualityLabel(quality: string): string {
  return quality === "auto" ? playerStrings.qualityAuto : `${quality}p`;
}

/** What the picture says while a device plays the episode. */
export function castNotice(target: CastTarget): string {
  return target === "airplay" ? playerStrings.castPlayingOnAirPlay : playerStrings.castPlayingElsewhere;
}
