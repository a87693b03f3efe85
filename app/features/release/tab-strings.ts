// Russian strings of the torrents, members and franchises tabs (loaded with those tabs only).
export const tabStrings = {
  torrents: {
    qualityLabel: "Качество",
    all: "Все",
    size: "Размер",
    seeders: "Раздают",
    leechers: "Качают",
    completed: "Скачан",
    magnet: "Magnet-ссылка",
    download: "Скачать .torrent",
    none: "Торрентов для этого релиза пока нет.",
    hardsub: "Хардсаб",
  },
  members: { none: "Состав команды для этого релиза не указан.", unknownRole: "Участники" },
  franchises: {
    none: "Этот релиз не входит ни в одну франшизу.",
    current: "Этот релиз",
    open: "Вся франшиза",
    totals: (releases: string, episodes: string | null) => [releases, episodes].filter(Boolean).join(" · "),
  },
} as const;
