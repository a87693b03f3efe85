// Player shortcuts, bound to physical keys (`KeyboardEvent.code`) so they work on any layout, Russian included.
export type PlayerCommand =
  | { kind: "toggle-play" }
  | { kind: "seek-by"; seconds: number }
  | { kind: "seek-to-fraction"; fraction: number }
  | { kind: "volume-by"; delta: number }
  | { kind: "toggle-mute" }
  | { kind: "toggle-fullscreen" }
  | { kind: "toggle-pip" }
  | { kind: "toggle-theatre" }
  | { kind: "next-episode" }
  | { kind: "previous-episode" }
  | { kind: "skip-range" }
  | { kind: "rate-by"; steps: number }
  | { kind: "show-help" }
  | { kind: "close" };

export type KeyPress = { code: string; key: string; shiftKey: boolean; ctrlKey: boolean; altKey: boolean; metaKey: boolean };

export const SEEK_STEP_SECONDS = 5;
export const LONG_SEEK_STEP_SECONDS = 10;
export const VOLUME_STEP = 0.1;

/** What the help dialog lists: the keys as a Russian keyboard user reads them on a US-labelled key. */
export const SHORTCUT_HELP: readonly { keys: string; action: string }[] = [
  { keys: "Пробел, K (Л)", action: "Пуск / пауза" },
  { keys: "← / →", action: "Назад / вперёд на 5 секунд" },
  { keys: "J (О) / L (Д)", action: "Назад / вперёд на 10 секунд" },
  { keys: "↑ / ↓", action: "Громкость выше / ниже" },
  { keys: "M (Ь)", action: "Выключить / включить звук" },
  { keys: "F (А)", action: "Полноэкранный режим" },
  { keys: "I (Ш)", action: "Картинка в картинке" },
  { keys: "T (Е)", action: "Театральный режим" },
  { keys: "S (Ы)", action: "Пропустить опенинг или эндинг" },
  { keys: "Shift + N (Т)", action: "Следующая серия" },
  { keys: "Shift + P (З)", action: "Предыдущая серия" },
  { keys: "Shift + , (Б) / Shift + . (Ю)", action: "Медленнее / быстрее" },
  { keys: "0–9", action: "Перейти к 0–90 % серии" },
  { keys: "?", action: "Показать это окно" },
  { keys: "Esc", action: "Закрыть окно" },
];

/** The command for a key press, or null when the player should leave it to the browser. */
export function commandForKey(press: KeyPress): PlayerCommand | null {
  if (press.ctrlKey || press.altKey || press.metaKey) return null;
  // "?" is Shift+/ on a US keyboard and Shift+7 on the Russian one: the physical key, or the character.
  if (press.code === "Slash" || press.key === "?") return { kind: "show-help" };
  if (press.shiftKey) {
    switch (press.code) {
      case "KeyN":
        return { kind: "next-episode" };
      case "KeyP":
        return { kind: "previous-episode" };
      case "Comma":
        return { kind: "rate-by", steps: -1 };
      case "Period":
        return { kind: "rate-by", steps: 1 };
      default:
        return null;
    }
  }
  const digit = /^(?:Digit|Numpad)(\d)$/.exec(press.code);
  if (digit) return { kind: "seek-to-fraction", fraction: Number(digit[1]) / 10 };
  switch (press.code) {
    case "Space":
    case "KeyK":
    case "MediaPlayPause":
      return { kind: "toggle-play" };
    case "ArrowLeft":
      return { kind: "seek-by", seconds: -SEEK_STEP_SECONDS };
    case "ArrowRight":
      return { kind: "seek-by", seconds: SEEK_STEP_SECONDS };
    case "KeyJ":
      return { kind: "seek-by", seconds: -LONG_SEEK_STEP_SECONDS };
    case "KeyL":
      return { kind: "seek-by", seconds: LONG_SEEK_STEP_SECONDS };
    case "ArrowUp":
      return { kind: "volume-by", delta: VOLUME_STEP };
    case "ArrowDown":
      return { kind: "volume-by", delta: -VOLUME_STEP };
    case "KeyM":
      return { kind: "toggle-mute" };
    case "KeyF":
      return { kind: "toggle-fullscreen" };
    case "KeyI":
      return { kind: "toggle-pip" };
    case "KeyT":
      return { kind: "toggle-theatre" };
    case "KeyS":
      return { kind: "skip-range" };
    case "MediaTrackNext":
      return { kind: "next-episode" };
    case "MediaTrackPrevious":
      return { kind: "previous-episode" };
    case "Escape":
      return { kind: "close" };
    default:
      return null;
  }
}

const TEXT_INPUT_TYPES = new Set(["text", "search", "email", "password", "number", "tel", "url", "date", "time"]);

/** Typing in a field is not a shortcut; arrows on a focused slider or choice move it, Space ticks a box. */
export function isTypingTarget(target: EventTarget | null, code = ""): boolean {
  if (!target || typeof (target as Element).closest !== "function") return false;
  const element = target as HTMLElement;
  if (element.isContentEditable || element.closest("textarea, select, [contenteditable='true']")) return true;
  if (element.tagName === "INPUT") {
    const input = element as HTMLInputElement;
    if (input.type === "range") return code.startsWith("Arrow") || code === "Home" || code === "End";
    if (input.type === "radio") return code.startsWith("Arrow") || code === "Space";
    if (input.type === "checkbox") return code === "Space";
    return TEXT_INPUT_TYPES.has(input.type);
  }
  return false;
}

/**
 * Space and Enter on a focused button or link belong to that control, not to the player. Not a button of a dialog
 * just closed (the shortcut list, by Escape): focus leaves it only at the next rendering, and a Space pressed before
 * that is the player's (it went to the hidden button, and the episode played on).
 */
export function isControlActivation(target: EventTarget | null, code: string): boolean {
  if (code !== "Space" && code !== "Enter" && code !== "NumpadEnter") return false;
  if (!target || typeof (target as Element).closest !== "function") return false;
  const element = target as Element;
  return element.closest("button, a, summary, [role='button']") !== null && element.closest("dialog:not([open])") === null;
}
