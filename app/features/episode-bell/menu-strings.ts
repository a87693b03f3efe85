// The words of the bell's menu itself: all the release page's first paint carries (the rest is in strings.ts).
import type { BellMode } from "~/domain/episode-bell";

export const bellMenuStrings = {
  bell: "Уведомления о новых сериях",
  modes: {
    all: "Все новые серии",
    lists: "Только в избранном/списках",
    off: "Выключено",
  } satisfies Record<BellMode, string>,
  listsNeedsAccount: "Войдите, чтобы следить за тайтлами из списков.",
} as const;
