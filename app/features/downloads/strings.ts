// Every user-facing string of saved episodes (the save control and /me/downloads).
import { formatBytes } from "~/i18n/format";
import { ru } from "~/i18n/ru";

const bytes = (value: number) => formatBytes(value) ?? "—";

export const downloadStrings = {
  save: "Скачать для просмотра без сети",
  saveShort: "Скачать",
  saveEpisode: (label: string) => `Скачать для просмотра без сети: ${label}`,
  chooseQuality: "Выберите качество. Серия сохранится в этом браузере и будет доступна без сети.",
  qualityOption: (height: number, size: number | null) => `${height}p${size === null ? "" : ` — до ${bytes(size)}`}`,
  /** Asked before a download starts: it takes this much of the browser's storage (and of a metered connection). */
  confirm: (height: number, size: number | null) =>
    `Сохранить серию в ${height}p${size === null ? "" : ` — до ${bytes(size)}`}? Файлы займут место в этом браузере.`,
  confirmStart: "Скачать",
  confirmCancel: "Отмена",
  sizeLoading: "Считаем размер…",
  sizeNote: "Размер — верхняя оценка по длительности и битрейту; точный виден по мере сохранения.",
  needsJavaScript: "Сохранение серий для просмотра без сети работает только с включённым JavaScript.",
  unsupported: "Этот браузер не умеет сохранять серии для просмотра без сети.",
  storage: (usage: number, quota: number) => `Занято ${bytes(usage)} из доступных ${bytes(quota)}`,
  progress: (percent: number, saved: number, total: number) => `Сохранено ${percent} % (${bytes(saved)} из ≈ ${bytes(total)})`,
  phase: {
    downloading: "Сохраняется",
    paused: "Пауза",
    complete: "Сохранено",
    failed: "Не удалось сохранить",
  },
  pause: "Приостановить",
  resume: "Продолжить",
  cancel: "Отменить",
  delete: "Удалить",
  play: "Смотреть",
  /** The browser's estimate may claim more room than it then grants: the figure is shown only when it explains the refusal. */
  quotaExceeded: (needed: number, available: number) =>
    `Недостаточно места: для серии нужно ещё около ${bytes(needed)}, а браузер ${
      available < needed ? `может выделить только ${bytes(available)}` : "больше не выделяет места"
    }. Удалите сохранённые серии или выберите качество ниже.`,
  networkFailed: "Загрузка прервалась: нет связи с сервером. Нажмите «Продолжить», когда сеть появится.",
  playlistFailed: "Не удалось прочитать список файлов серии. Попробуйте позже.",
  savedTitle: ru.account.downloads,
  savedDescription: "Серии, сохранённые в этом браузере: они открываются без сети и хранят прогресс просмотра, как любые другие.",
  none: "Сохранённых серий пока нет. Откройте серию и нажмите «Скачать для просмотра без сети».",
  loading: "Ищем сохранённые серии…",
  toDownloads: "Все сохранённые серии",
  savedQuality: (height: number) => `${height}p`,
  nowPlaying: "Сейчас играет",
} as const;
